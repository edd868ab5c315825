//! What one node does, as the encoding sees it: an ordered list of [`Event`]s, and which values
//! each node writes ([`Frame::writes_any`]) — one source for both, so the observers built from a
//! contradiction reset exactly where the encoding gives a value a new version.

use goanna_ast::TypeClass;
use goanna_cfg::{AccessPath, Cfg, NodeId, NodeKind, PathId, PathStep, PropKind, Subject, ValExpr, ValueOp, VarRef};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::OnceCell;
use std::sync::Arc;

/// A value the encoding follows along a path.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VarKey {
    /// An integer or pointer access path of the function.
    Path(PathId),
    /// The result of the last call of the function with this USR (`if (f(x) > 0)`).
    Result(String),
    /// Memory a callee reads that the function itself never names (`pk->pk_info->type` read by
    /// a getter given `pk`): an access path of the function's variables (or of a global).
    Reached(Reached),
}

/// An access path the function's graph does not hold, named by its root and steps.
#[derive(Clone, Debug)]
pub struct Reached {
    /// The root's identity and the steps, as text: what equality and order compare.
    name: String,
    /// The path (root, steps, class and field type).
    path: Arc<AccessPath>,
}

impl Reached {
    /// The key of `path`, whose steps are in normal form ([`normal_steps`]).
    pub(crate) fn new(path: AccessPath) -> Self {
        Reached { name: format!("{}|{}", root_identity(&path.root), path.text()), path: Arc::new(path) }
    }

    /// The path.
    pub fn path(&self) -> &AccessPath {
        &self.path
    }
}

impl PartialEq for Reached {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Reached {}

impl std::hash::Hash for Reached {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl PartialOrd for Reached {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Reached {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.name.cmp(&other.name)
    }
}

/// What identifies a variable across the functions of a program: its USR (unique for locals
/// and parameters too), or its name and kind when there is none.
pub(crate) fn root_identity(root: &VarRef) -> String {
    if root.usr.is_empty() {
        format!("{}#{:?}", root.name, root.kind)
    } else {
        root.usr.clone()
    }
}

/// `steps` with `(*p).f` written `p->f`, so that one place has one name.
pub(crate) fn normal_steps(steps: &[PathStep]) -> Vec<PathStep> {
    let mut out: Vec<PathStep> = Vec::with_capacity(steps.len());
    for step in steps {
        match (out.last(), step) {
            (Some(PathStep::Deref), PathStep::Field(f)) => {
                let f = f.clone();
                out.pop();
                out.push(PathStep::Arrow(f));
            }
            _ => out.push(step.clone()),
        }
    }
    out
}

/// True when the path holds a value the encoding can follow: an integer or a pointer.
pub(crate) fn is_value_path(p: &AccessPath) -> bool {
    matches!(p.class, TypeClass::Integer | TypeClass::Pointer) && !p.root.is_volatile && p.result_of.is_none()
}

/// A relation of a branch proposition (`cmp_*`, `null_test`, `nonnull_test`) with a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rel {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// One effect of a node on the values the encoding follows, in the order they happen.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Event<'a> {
    /// The pointer is dereferenced: it was not NULL (unless this is the reported event).
    Dereferenced(PathId),
    /// Memory may change at the call at this node: what the callee can reach (globals,
    /// variables whose address is taken, and members reached through a variable the call is
    /// given something of, as the Clang Static Analyzer invalidates only regions reachable
    /// from the arguments and globals). The mask: the arguments (by index) the callee's
    /// summary says it only reads through.
    Clobber(NodeId, u64),
    /// A write through a pointer: to this member path (`p->f = v`), or to memory the encoding
    /// cannot name (`None`: `*p = v`, `p[i] = v`, several writes). The second path, when
    /// there is one, is the one path written, whose new value an [`Event::Assign`] of the same
    /// node gives (`(*argc)--`, `s->n += 2`): the store leaves it to that assignment, which
    /// reads its old value.
    /// The third field is true when every pointer written through is one of the function's own
    /// blocks ([`Frame::fresh_blocks`]): the store leaves its caller's memory as it was.
    /// The fourth, when the first is `None`: the member the store writes, of an object no path
    /// names ([`ValueOp::MemberStore`]: `p[n].len = 0`).
    /// The fifth: the one pointer written through, when there is one (`ep` of `*ep = 0`).
    /// The sixth: when the first writes a whole structure through a pointer to its record
    /// (`*ct->oldcfg = *env->cfg`), that record ([`Frame::whole_record_written`]).
    Store(Option<PathId>, Option<PathId>, bool, Option<&'a str>, Option<PathId>, Option<&'a str>),
    /// A call of the function with this USR: its result is a new value.
    CallResult(&'a str),
    /// A library call whose effects happen only when it succeeds: its result is a new value,
    /// and the expression is non-zero exactly when it succeeded.
    /// The third field: the objects it stores a new block into when it succeeds; the fourth:
    /// the call is assumed to succeed (a lock that waits).
    LibraryCall(&'a str, &'a ValExpr, &'a [PathId], bool),
    /// An integer path is assigned.
    Assign(PathId, &'a ValExpr),
    /// A divisor: it was not zero (unless this is the reported event).
    Divisor(&'a ValExpr),
    /// The branch condition this node evaluates.
    Cond(&'a ValExpr),
    /// A branch proposition of this (branch) node: the path compared with a constant.
    Test(PathId, Rel, i64),
    /// A pointer gets a value the encoding does not know.
    PtrFresh(PathId),
    /// A pointer gets a new object of the library (`malloc`, `fopen`; not `realloc` or
    /// `freopen`, which may hand back the object they are given), or NULL: not the value of
    /// any pointer that existed before.
    PtrNew(PathId),
    /// A pointer gets NULL.
    PtrNull(PathId),
    /// A pointer gets an address that is not NULL (`&x`, an array, a string literal).
    PtrNonNull(PathId),
    /// A pointer gets the value of another (`q = p`): target, source.
    PtrCopy(PathId, PathId),
    /// A pointer gets an address inside the block another points to (`q = p + k`): target,
    /// source. It is NULL exactly when the source is (arithmetic on a null pointer is
    /// undefined, so a program that does it has a bug of its own).
    PtrInto(PathId, PathId),
    /// A variable is written as a whole: paths through it (`p->f`, `s.f`) name other memory.
    RootWritten(PathId),
    /// The call's result (first) is NULL only when the argument (second, its value before the
    /// call) is NULL.
    NullOnlyIf(PathId, PathId),
}

/// What the encoding knows about one function's graph: which paths it follows as variables of
/// their own.
pub struct Frame<'a> {
    /// The graph.
    pub(crate) cfg: &'a Cfg,
    /// Variables whose own storage has its address taken somewhere in the function (`&x`,
    /// `&s.f`; not `&p->f`, which is memory `p` points to) other than as a call's argument.
    escaped: FxHashSet<&'a VarRef>,
    /// The parts whose address [`Frame::escaped`] counts (`s.f` of `&s.f`): a pointer to a
    /// member of a global reaches that member only (`&config.mutex` leaves
    /// `config.num_threads`).
    escaped_parts: Vec<&'a AccessPath>,
    /// Variables whose address is passed straight to calls (`f(&x)`) and taken nowhere else.
    lent: FxHashSet<&'a VarRef>,
    /// The graph's paths by root identity and normal steps (built when first asked).
    by_name: OnceCell<PathIndex>,
    /// Member pointers the function never considers NULL ([`Frame::never_null`]; built when
    /// first asked).
    never_null: OnceCell<FxHashSet<PathId>>,
    /// Signed member counts the function never considers negative ([`Frame::never_negative`];
    /// built when first asked).
    never_negative: OnceCell<FxHashSet<PathId>>,
    /// The variables some path's value depends on (the index of `p[i].len`; built when first
    /// asked).
    indexes: OnceCell<FxHashSet<PathId>>,
    /// The program and the function's index in it, to ask which globals a call may write
    /// (`None`: every call may write every global).
    program: Option<(&'a dyn crate::CalleeGraphs, u32)>,
    /// The program and the function's index in it, for the effects its call nodes get from
    /// their callees' summaries (an allocating wrapper's `alloc`), when known.
    summaries: Option<(&'a dyn crate::CalleeGraphs, u32)>,
    /// The function's own blocks ([`Frame::fresh_blocks`]; built when first asked).
    fresh: OnceCell<FxHashSet<PathId>>,
    /// The parameters the function assigns (built when first asked).
    written_params: OnceCell<FxHashSet<&'a VarRef>>,
    /// The roots of the function's private blocks (built when first asked).
    private: OnceCell<FxHashSet<&'a VarRef>>,
}

/// True when the object at `a` contains the one at `b` or lies inside it (same root): the
/// address of one reaches the other.
fn overlapping(a: &[PathStep], b: &[PathStep]) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// True when a write through the address of the object `addressed` may change the path
/// `path` (steps of one root): the path lies inside the object, or the object is a part of
/// the path's own storage. The address of something the path points to
/// (`&ct->anchors->lock` for `ct->anchors`) reaches the pointee, not the pointer.
fn address_reaches(addressed: &[PathStep], path: &[PathStep]) -> bool {
    path.starts_with(addressed)
        || (addressed.starts_with(path) && addressed[path.len()..].iter().all(|s| matches!(s, PathStep::Field(_) | PathStep::Index(_))))
}

/// The member pointers of `cfg` that it never compares with NULL, sets to NULL, or stores a
/// result that may be NULL in ([`Frame::never_null`]).
fn never_null(cfg: &Cfg) -> FxHashSet<PathId> {
    // Tested for NULL, itself or through a copy (`e = s->head; ... if (e)`, `e = e->next`).
    let mut tested: FxHashSet<PathId> = FxHashSet::default();
    // Given a NULL or a value that may be NULL.
    let mut nullable: FxHashSet<PathId> = FxHashSet::default();
    let mut copies: Vec<(PathId, PathId)> = Vec::new();
    for node in &cfg.nodes {
        for p in &node.props {
            match (p.kind, &p.subject) {
                (PropKind::NullTest | PropKind::NonNullTest, Subject::Path(id)) => {
                    tested.insert(*id);
                }
                (PropKind::AssignNull | PropKind::MayBeNull, Subject::Path(id)) => {
                    nullable.insert(*id);
                }
                (PropKind::Copy, Subject::Path(target)) => {
                    if let Some(source) = p.value.and_then(|v| u32::try_from(v).ok()) {
                        copies.push((*target, PathId(source)));
                    }
                }
                _ => {}
            }
        }
        if let NodeKind::Call(site) = &node.kind {
            nullable.extend(site.result);
        }
    }
    loop {
        let before = tested.len();
        for &(target, source) in &copies {
            if tested.contains(&target) {
                tested.insert(source);
            }
        }
        if tested.len() == before {
            break;
        }
    }
    let considered: FxHashSet<PathId> = tested.union(&nullable).copied().collect();
    // Only members compared with another pointer (`prev == in->buf->pos`) matter: elsewhere a
    // read member's NULL decides nothing on the path, and each assumption costs the solver.
    let compared = compared_with_pointers(cfg);
    cfg.paths
        .iter()
        .enumerate()
        .filter(|(_, p)| p.class == goanna_ast::TypeClass::Pointer && !p.steps.is_empty() && p.result_of.is_none())
        .map(|(i, _)| PathId(i as u32))
        .filter(|id| !considered.contains(id) && compared.contains(id))
        .collect()
}

/// The signed member counts of `cfg` it never considers negative ([`Frame::never_negative`]).
fn never_negative(cfg: &Cfg) -> FxHashSet<PathId> {
    let local_index = |e: &ValExpr| matches!(e.without_casts(), ValExpr::Path(i) if cfg.paths.get(i.0 as usize).is_some_and(|p| p.is_variable() && p.root.kind == goanna_ast::VarKind::Local));
    let signed_member = |e: &ValExpr| match e.without_casts() {
        ValExpr::Path(m) => cfg.paths.get(m.0 as usize).filter(|p| !p.steps.is_empty() && p.field_int.is_some_and(|t| t.signed)).map(|_| *m),
        _ => None,
    };
    // Bounds of a local index: `i < m`, `i <= m`, `m > i`, `m >= i`.
    let mut bounds: FxHashSet<PathId> = FxHashSet::default();
    // Considered negative: compared with a negative constant or tested for its sign, or set to
    // a negative constant.
    let mut signed_use: FxHashSet<PathId> = FxHashSet::default();
    for node in &cfg.nodes {
        for op in &node.values {
            let ValueOp::Cond(ValExpr::Binary { op, lhs, rhs, .. }) = op else { continue };
            let bound = match op {
                goanna_cfg::ValBinOp::Lt | goanna_cfg::ValBinOp::Le if local_index(lhs) => signed_member(rhs),
                goanna_cfg::ValBinOp::Gt | goanna_cfg::ValBinOp::Ge if local_index(rhs) => signed_member(lhs),
                _ => None,
            };
            bounds.extend(bound);
        }
        for p in &node.props {
            let (Subject::Path(id), Some(v)) = (&p.subject, p.value) else { continue };
            let sign_test = match p.kind {
                PropKind::CmpLt | PropKind::CmpGe => v <= 0,
                PropKind::CmpLe | PropKind::CmpGt => v < 0,
                PropKind::CmpEq | PropKind::CmpNe | PropKind::AssignConst => v < 0,
                _ => false,
            };
            if sign_test {
                signed_use.insert(*id);
            }
        }
    }
    bounds.retain(|m| !signed_use.contains(m));
    bounds
}

/// The parameters `cfg` assigns a new value (`p = p->next`).
fn written_params(cfg: &Cfg) -> FxHashSet<&VarRef> {
    let mut out = FxHashSet::default();
    for n in &cfg.nodes {
        for p in n.props.iter().filter(|p| matches!(p.kind, PropKind::Def | PropKind::DeclInit)) {
            if let Subject::Path(id) = p.subject {
                if let Some(d) = cfg.paths.get(id.0 as usize).filter(|d| d.is_variable() && d.root.kind == goanna_ast::VarKind::Param) {
                    out.insert(&d.root);
                }
            }
        }
    }
    out
}

/// The function's private blocks, by the variable holding each: own blocks ([`fresh_blocks`])
/// whose address no other pointer can hold. The variable is never handed on (`escape`: kept by
/// a callee, stored into memory, returned), never copied (`q = p + 1`, `o->name = p`: a node
/// reading it that defines another pointer), and never given to a call that returns a pointer
/// (`e = strchr(p, c)` may point into the block). A store through any other pointer then
/// writes some other memory. What happens on the way to the `noreturn` sink (`fatal("%s",
/// path)`) hands nothing on; at a call of functions of the program, their summaries (`effects`
/// of `summaries`) say what they keep, not the front end's `escape`.
fn private_blocks<'a>(cfg: &'a Cfg, fresh: &FxHashSet<PathId>, summaries: Option<(&dyn crate::CalleeGraphs, u32)>) -> FxHashSet<&'a VarRef> {
    let mut private: FxHashSet<&VarRef> = fresh.iter().filter_map(|id| cfg.paths.get(id.0 as usize)).map(|p| &p.root).collect();
    if private.is_empty() {
        return private;
    }
    let whole = |id: PathId| cfg.paths.get(id.0 as usize).filter(|p| p.is_variable()).map(|p| &p.root);
    for n in cfg.node_ids() {
        let node = cfg.node(n);
        if !node.succs.is_empty() && node.succs.iter().all(|e| cfg.node(e.target).kind == NodeKind::NoReturn) {
            continue;
        }
        let effects = summaries.map_or(&[][..], |(program, f)| program.effects(f, n));
        // A new block or stream (`f = fopen(path, ..)`, `copy = xstrdup(path)`) holds no
        // address of what the call read.
        let new_object = |w: PathId| {
            node.props.iter().any(|a| matches!(a.kind, PropKind::Alloc | PropKind::Fopen) && a.subject == Subject::Path(w)) || effects.contains(&(PropKind::Alloc, w))
        };
        let defines_other = |root: &VarRef| {
            node.props.iter().any(|d| {
                matches!(d.kind, PropKind::Def | PropKind::DeclInit)
                    && matches!(d.subject, Subject::Path(w) if !new_object(w) && cfg.paths.get(w.0 as usize).is_some_and(|w| w.root != *root && w.class == goanna_ast::TypeClass::Pointer))
            })
        };
        let dereferenced = |id: PathId| node.props.iter().any(|d| d.kind == PropKind::Deref && d.subject == Subject::Path(id));
        let is_call = matches!(node.kind, NodeKind::Call(_)) || node.props.iter().any(|p| p.kind == PropKind::Call);
        let summarised = matches!(node.kind, NodeKind::Call(_)) && summaries.is_some_and(|(program, f)| program.call_is_summarised(f, n));
        let props = node.props.iter().map(|p| (p.kind, p.subject.clone())).chain(effects.iter().map(|&(k, id)| (k, Subject::Path(id))));
        for (kind, subject) in props {
            let Subject::Path(id) = subject else { continue };
            let Some(root) = whole(id).filter(|r| private.contains(r)) else { continue };
            let handed_on = match kind {
                PropKind::Escape if summarised => effects.contains(&(PropKind::Escape, id)),
                PropKind::Escape | PropKind::AddrTaken => true,
                // `store_p` without a write through `p`: the address handed on.
                PropKind::Store => !is_call && !dereferenced(id),
                PropKind::Use => defines_other(root),
                _ => false,
            };
            if handed_on {
                private.remove(root);
            }
        }
    }
    private
}

/// The function's own blocks: its local pointer variables (address never taken) that only
/// ever hold what an allocation gave them — every definition stores the result of an allocator
/// (`alloc` on the graph's node, or on the call's summary `effects` of `summaries`).
fn fresh_blocks(cfg: &Cfg, summaries: Option<(&dyn crate::CalleeGraphs, u32)>) -> FxHashSet<PathId> {
    let mut allocated: FxHashSet<PathId> = FxHashSet::default();
    let mut other: FxHashSet<PathId> = FxHashSet::default();
    let own_pointer = |id: PathId| {
        cfg.paths.get(id.0 as usize).is_some_and(|p| p.is_variable() && p.root.kind == goanna_ast::VarKind::Local && p.class == goanna_ast::TypeClass::Pointer)
    };
    for n in cfg.node_ids() {
        let node = cfg.node(n);
        let effects = summaries.map_or(&[][..], |(program, f)| program.effects(f, n));
        let alloc = |id: PathId| node.props.iter().any(|p| p.kind == PropKind::Alloc && p.subject == Subject::Path(id)) || effects.contains(&(PropKind::Alloc, id));
        for p in &node.props {
            let Subject::Path(id) = p.subject else { continue };
            if !own_pointer(id) {
                continue;
            }
            match p.kind {
                PropKind::AddrTaken => {
                    other.insert(id);
                }
                PropKind::Def | PropKind::DeclInit => {
                    if alloc(id) {
                        allocated.insert(id);
                    } else {
                        other.insert(id);
                    }
                }
                _ => {}
            }
        }
    }
    allocated.retain(|id| !other.contains(id));
    allocated
}

/// The paths `cfg` compares for equality with another pointer that is not a null constant.
fn compared_with_pointers(cfg: &Cfg) -> FxHashSet<PathId> {
    use goanna_cfg::ValBinOp;
    let null = |e: &ValExpr| matches!(e, ValExpr::Const(0) | ValExpr::MacroConst(0));
    let mut out = FxHashSet::default();
    for node in &cfg.nodes {
        for op in &node.values {
            let root = match op {
                ValueOp::Assign { value, .. } | ValueOp::Cond(value) | ValueOp::Return(value) => value,
                _ => continue,
            };
            // A visit: the closure records and never stops the walk.
            root.any(|e| {
                if let ValExpr::Binary { op: ValBinOp::Eq | ValBinOp::Ne, lhs, rhs, .. } = e {
                    for (a, b) in [(lhs, rhs), (rhs, lhs)] {
                        if let ValExpr::Path(p) = **a {
                            if !null(b) {
                                out.insert(p);
                            }
                        }
                    }
                }
                false
            });
        }
    }
    out
}

/// The graph's paths by name, for [`Frame::key_of`].
#[derive(Default)]
struct PathIndex {
    /// Paths by root identity and normal steps.
    paths: FxHashMap<(String, Vec<PathStep>), PathId>,
    /// By root identity: the first path of that root (its spelling of the variable).
    roots: FxHashMap<String, usize>,
}

impl<'a> Frame<'a> {
    /// The classification of `cfg`'s paths.
    pub fn new(cfg: &'a Cfg) -> Self {
        // An address passed straight to a call (`f(&x)`) is lent to that call only: the
        // variable changes at the calls it is lent to (as the Clang Static Analyzer
        // invalidates only what a call's arguments reach). Any other `&x` (`p = &x`, an
        // address a library call may hand back) lets later stores and calls reach it.
        let mut escaped = FxHashSet::default();
        let mut escaped_parts = Vec::new();
        let mut lent = FxHashSet::default();
        for n in &cfg.nodes {
            for p in n.props.iter().filter(|p| p.kind == PropKind::AddrTaken) {
                let Subject::Path(id) = p.subject else { continue };
                let Some(path) = cfg.paths.get(id.0 as usize).filter(|path| path.steps.iter().all(|s| matches!(s, PathStep::Field(_)))) else { continue };
                if matches!(&n.kind, NodeKind::Call(site) if site.address_args.contains(&Some(id))) {
                    lent.insert(&path.root);
                } else {
                    escaped.insert(&path.root);
                    escaped_parts.push(path);
                }
            }
        }
        lent.retain(|root| !escaped.contains(root));
        Frame {
            cfg,
            escaped,
            escaped_parts,
            lent,
            by_name: OnceCell::new(),
            never_null: OnceCell::new(),
            never_negative: OnceCell::new(),
            indexes: OnceCell::new(),
            program: None,
            summaries: None,
            fresh: OnceCell::new(),
            written_params: OnceCell::new(),
            private: OnceCell::new(),
        }
    }

    /// The classification of the graph of function `function` of `program`: its call nodes
    /// have the effects their callees' summaries give (which of its pointers hold blocks it
    /// allocated), and change only the globals their callees may write.
    pub fn in_program(cfg: &'a Cfg, program: &'a dyn crate::CalleeGraphs, function: u32) -> Self {
        Frame { program: Some((program, function)), summaries: Some((program, function)), ..Frame::new(cfg) }
    }

    /// True when the function treats the pointer at `key` as never NULL: a member reached
    /// from a variable (`in->buf->pos`, `s.next`) that it compares with other pointers but
    /// never with NULL, never sets to NULL, and never receives a result that may be NULL in. What the program never
    /// considers NULL is taken not to be, when it is read without a known value (the program's
    /// belief, as for results nobody tests): `prev = NULL; ... if (prev == in->buf->pos)` is
    /// not a way for `pos` to be NULL.
    pub(crate) fn never_null(&self, key: &VarKey) -> bool {
        matches!(key, VarKey::Path(id) if self.never_null.get_or_init(|| never_null(self.cfg)).contains(id))
    }

    /// True when the function treats the signed integer at `key` as a count that is never
    /// negative: a member (`ctx->sub_count`) it compares as the bound of a local index
    /// (`i < ctx->sub_count`) but never with a negative value or with 0 as a sign test
    /// (`n < 0`, `n >= 0`), and never sets to a negative constant. Read without a known
    /// value, it is taken not to be negative (the program's belief, as for member pointers it
    /// never considers NULL): `for (i = 0; i < n; i++) ...; if (i == n)` after a loop that did
    /// not run is not a way for `n` to be below 0.
    pub(crate) fn never_negative(&self, key: &VarKey) -> bool {
        matches!(key, VarKey::Path(id) if self.never_negative.get_or_init(|| never_negative(self.cfg)).contains(id))
    }

    /// True when some path's value depends on the variable `id` (an element's index).
    pub(crate) fn indexes(&self, id: PathId) -> bool {
        self.indexes.get_or_init(|| self.cfg.paths.iter().flat_map(|p| p.depends_on.iter().copied()).collect()).contains(&id)
    }

    /// The key of the value at `root` and `steps` (normal form): the graph's own path when it
    /// has one, else a [`VarKey::Reached`] path of the class and field type given.
    pub(crate) fn key_of(&self, root: &VarRef, steps: Vec<PathStep>, like: &AccessPath) -> VarKey {
        let index = self.by_name.get_or_init(|| {
            let mut index = PathIndex::default();
            for (i, p) in self.cfg.paths.iter().enumerate() {
                let identity = root_identity(&p.root);
                index.roots.entry(identity.clone()).or_insert(i);
                if p.result_of.is_none() {
                    index.paths.entry((identity, normal_steps(&p.steps))).or_insert(PathId(i as u32));
                }
            }
            index
        });
        let name = (root_identity(root), steps);
        if let Some(&id) = index.paths.get(&name) {
            return VarKey::Path(id);
        }
        // The graph's own spelling of the root, when it names the variable at all.
        let root = index.roots.get(&name.0).map_or_else(|| root.clone(), |&i| self.cfg.paths[i].root.clone());
        VarKey::Reached(Reached::new(AccessPath { root, steps: name.1, ..like.clone() }))
    }

    /// True when the path holds a value the encoding can follow: an integer or a pointer.
    pub(crate) fn is_value(&self, id: PathId) -> bool {
        self.cfg.paths.get(id.0 as usize).is_some_and(is_value_path)
    }

    /// True when only the function's own writes of the path change it: a local or parameter
    /// whose address is never taken. Other paths (globals, members reached through pointers,
    /// escaped locals) also change at calls and stores through pointers; those of a variable
    /// lent to calls change at those calls ([`Frame::unreachable_by_stores`]).
    fn private_path(&self, p: &AccessPath) -> bool {
        self.unreachable_by_stores(p) && !self.lent.contains(&p.root)
    }

    /// True when no store through a pointer can write the path: a local or parameter whose
    /// address no pointer holds (never taken, or only lent to calls).
    fn unreachable_by_stores(&self, p: &AccessPath) -> bool {
        matches!(p.root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param)
            && !self.escaped.contains(&p.root)
            && p.steps.iter().all(|s| matches!(s, goanna_cfg::PathStep::Field(_)))
    }

    /// True when `p` is a global (or a member of one, reached without a pointer) whose address
    /// no code takes (`stdin` past `*out = item`): no store through a pointer writes it.
    /// Calls may still write it ([`Frame::clobbers`]).
    fn global_unreachable_by_stores(&self, p: &AccessPath) -> bool {
        let kind = p.root.kind;
        if !kind.is_static_storage() || !p.steps.iter().all(|s| matches!(s, goanna_cfg::PathStep::Field(_))) {
            return false;
        }
        !self.escaped_here(p) && self.program.is_some_and(|(program, f)| program.global_unreachable_by_stores(f, p, has_internal_linkage(p)))
    }

    /// True when the function takes the address of a part of `p` that overlaps it.
    fn escaped_here(&self, p: &AccessPath) -> bool {
        self.escaped_parts.iter().any(|e| e.root == p.root && overlapping(&e.steps, &p.steps))
    }

    /// True when the call at node `n` may give the path `id` a new value; `reads_only`: the
    /// arguments (a mask of indices) the callee only reads through.
    pub(crate) fn clobbers(&self, n: NodeId, reads_only: u64, id: PathId) -> bool {
        match self.cfg.paths.get(id.0 as usize) {
            Some(p) => self.clobbers_path(n, reads_only, p),
            None => true,
        }
    }

    /// [`Frame::clobbers`] of a path.
    fn clobbers_path(&self, n: NodeId, reads_only: u64, p: &AccessPath) -> bool {
        if self.private_path(p) {
            return false;
        }
        if p.root.kind.is_static_storage() || self.escaped.contains(&p.root) {
            // A global (or a member of one) that the callee and its callees never write keeps
            // its value (`if (config.threads) lock(); list_del(l, n); if (config.threads) ...`),
            // unless its address (or that of a part of it) is taken here.
            let direct = p.steps.iter().all(|s| matches!(s, PathStep::Field(_)));
            // A `const` global (or a member of one) keeps its value whatever is called.
            if is_constant_global(p) {
                return false;
            }
            if let (true, true, Some((program, f))) = (p.root.kind.is_static_storage() && !self.escaped_here(p), direct, self.program) {
                // Unless the call is given the address of a part of it, or of what holds it.
                let given = self.cfg.node(n).props.iter().any(|q| {
                    q.kind == PropKind::AddrTaken
                        && matches!(q.subject, Subject::Path(x) if self.cfg.paths.get(x.0 as usize).is_some_and(|g| g.root == p.root && overlapping(&g.steps, &p.steps)))
                });
                if given {
                    return true;
                }
                return program.call_may_write_global(f, n, p, has_internal_linkage(p));
            }
            return true;
        }
        // Memory reached through a local or parameter: only a call that may write through one of
        // the pointers the path goes through (`store`/`escape` of `req` for `req->cb`), or that is
        // given the address of a part of it.
        // Elements are where their array or pointer is: `p[i].len` is written by a call that
        // may write through `p`.
        let is_index = |s: &goanna_cfg::PathStep| matches!(s, goanna_cfg::PathStep::Index(_));
        let without_elements: Vec<goanna_cfg::PathStep>;
        let steps: &[goanna_cfg::PathStep] = if p.steps.iter().any(is_index) {
            without_elements = p.steps.iter().filter(|s| !is_index(s)).cloned().collect();
            &without_elements
        } else {
            &p.steps
        };
        let bases: Vec<&[goanna_cfg::PathStep]> = (0..steps.len())
            .filter(|&i| matches!(steps[i], goanna_cfg::PathStep::Arrow(_) | goanna_cfg::PathStep::Deref))
            .map(|i| &steps[..i])
            .collect();
        let node = self.cfg.node(n);
        let props = &node.props;
        let summarised = |x: PathId| match &node.kind {
            NodeKind::Call(site) => site.args.iter().take(64).enumerate().any(|(i, a)| reads_only & (1 << i) != 0 && *a == Some(x)),
            _ => false,
        };
        // A pointer the callee only reads through (`load_p` without `store_p`: a model's
        // `reads`, a pointer to const; or its summary says so) is not written at this call
        // even when it is kept.
        let read_only = |x: &Subject| {
            matches!(x, Subject::Path(id) if summarised(*id)) || node.only_loads_through(x)
        };
        // `&x` passed as a pointer to const.
        let read_only_address = |x: PathId| match &node.kind {
            NodeKind::Call(site) => site.const_args.iter().any(|&i| site.address_args.get(i) == Some(&Some(x))),
            _ => false,
        };
        // At a call that also assigns its result through a pointer (`a->elts = alloc(n)`), the
        // store through `a` is the assignment's (a member write, an event of its own), not the
        // call's, unless the call is given `a` too.
        let assignment_store = |x: PathId, given: &AccessPath| {
            let NodeKind::Call(site) = &node.kind else { return false };
            if site.args.contains(&Some(x)) || site.address_args.contains(&Some(x)) {
                return false;
            }
            props.iter().any(|d| {
                d.kind == PropKind::Def
                    && matches!(d.subject, Subject::Path(w) if self.cfg.paths.get(w.0 as usize).is_some_and(|w| w.root == given.root && w.steps.len() > given.steps.len() && w.steps.starts_with(&given.steps)))
            })
        };
        // A call of a function of the program whose summary lists the members it may write
        // through the pointer it is given leaves the others (`sc->flags` across a callee that
        // writes only `sc->wp0`).
        let member_untouched = |x: PathId, given: &AccessPath| {
            let (NodeKind::Call(site), Some((program, f))) = (&node.kind, self.program) else { return false };
            if !bases.contains(&given.steps.as_slice()) {
                return false;
            }
            let Some(k) = site.args.iter().position(|a| *a == Some(x)) else { return false };
            // The member below the pointer given, with the members of nested structures
            // after it (`rp.response` for `c->rp.response->crc`).
            let member = steps.get(given.steps.len()..).and_then(goanna_cfg::member_chain);
            !program.call_may_write_member(f, n, k, member.as_deref())
        };
        // A library routine given only the address of a member (`pthread_mutex_lock(&a->lock)`)
        // writes inside that member: it knows nothing of the structure around it. The `store`
        // of `a` the address brings is that member's (`a->super` keeps its value); the
        // member's `addr_taken` below says what may change.
        let library_member_address = |x: PathId, given: &AccessPath| {
            !matches!(node.kind, NodeKind::Call(_))
                && props.iter().any(|c| c.kind == PropKind::Call)
                && !props.iter().any(|d| d.kind == PropKind::Deref && d.subject == Subject::Path(x))
                && props.iter().any(|a| {
                    a.kind == PropKind::AddrTaken
                        && matches!(a.subject, Subject::Path(y) if self.cfg.paths.get(y.0 as usize).is_some_and(|y| {
                            y.root == given.root
                                && y.steps.len() > given.steps.len()
                                && y.steps.starts_with(&given.steps)
                                && matches!(y.steps[given.steps.len()], PathStep::Arrow(_))
                        }))
                })
        };
        // At a call of functions of the program, what they write through a pointer is its
        // `store` (refined by their summaries); the front end's `escape` of it (an unknown
        // callee may keep it) is not theirs.
        let summarised_call = matches!(node.kind, NodeKind::Call(_)) && self.program.is_some_and(|(program, f)| program.call_is_summarised(f, n));
        props.iter().any(|q| {
            let Subject::Path(x) = q.subject else { return false };
            let Some(given) = self.cfg.paths.get(x.0 as usize).filter(|g| g.root == p.root) else { return false };
            match q.kind {
                PropKind::Escape if summarised_call => false,
                PropKind::Store if assignment_store(x, given) => false,
                PropKind::Store if library_member_address(x, given) => false,
                PropKind::Store if !read_only(&q.subject) && member_untouched(x, given) => false,
                // A write through a pointer changes what it points to, not the pointer (`lock(job->mutex)`
                // leaves `job->mutex`); through an array or a structure, its contents. A pointer
                // the callee may keep is passed by value: keeping it changes neither
                // (`anchors_swap_tree(env->anchors, ct->anchors)` leaves `ct->anchors`).
                PropKind::Store | PropKind::Escape if !read_only(&q.subject) => {
                    bases.contains(&given.steps.as_slice()) || (given.steps == steps && p.class != TypeClass::Pointer)
                }
                PropKind::AddrTaken if !read_only_address(x) => address_reaches(&given.steps, steps),
                _ => false,
            }
        })
    }

    /// True when a write through a pointer to the member path `written` (`None`: memory the
    /// encoding cannot name) may change the path `id`. A member written is the same member of
    /// some object: it can change a path that names a member of that name (of this object or
    /// another the pointer may also reach), a path inside the member written, a path through a
    /// pointer that may point into it (`*q`), or a member of a union; not the other members of
    /// a structure (`client->keepalive = 0` leaves `client->state`), as for the Clang Static
    /// Analyzer's field regions. A store through the function's own blocks only (`own_blocks`)
    /// changes none of the memory its caller handed it; one through the pointer `through`
    /// changes no private block another variable holds ([`private_blocks`]).
    pub(crate) fn store_clobbers(&self, written: Option<PathId>, member: Option<&str>, own_blocks: bool, through: Option<PathId>, whole: Option<&str>, id: PathId) -> bool {
        match self.cfg.paths.get(id.0 as usize) {
            Some(q) => self.store_clobbers_path(written, member, own_blocks, through, whole, q),
            None => true,
        }
    }

    /// [`Frame::store_clobbers`] of a path.
    fn store_clobbers_path(&self, written: Option<PathId>, member: Option<&str>, own_blocks: bool, through: Option<PathId>, whole: Option<&str>, q: &AccessPath) -> bool {
        if self.unreachable_by_stores(q) || self.global_unreachable_by_stores(q) {
            return false;
        }
        // A `const` global (or a member of one) keeps its value: no store may write it
        // (`data[0] = 5` between two tests of `GLOBAL_CONST_TRUE`).
        if is_constant_global(q) {
            return false;
        }
        if own_blocks && self.in_callers_block(q) {
            return false;
        }
        // Only the pointer holding a private block reaches it (`*ep = 0` leaves `*path`).
        if through.and_then(|t| self.cfg.paths.get(t.0 as usize)).is_some_and(|t| t.root != q.root) && self.in_private_block(q) {
            return false;
        }
        // The member written: the last step of the path written, or, for an object no path
        // names (`p[n].len = 0`), the member its store names.
        let w = written.and_then(|w| self.cfg.paths.get(w.0 as usize));
        // A whole structure written through a pointer (`*ct->oldcfg = *env->cfg`) writes an
        // object of its record: only memory reached through a pointer to that record changes.
        if let Some(record) = whole {
            return may_lie_in_record(self.cfg, q, record);
        }
        let member = match (w, member) {
            (Some(w), _) => match w.steps.last() {
                Some(goanna_cfg::PathStep::Field(m) | goanna_cfg::PathStep::Arrow(m)) => m.as_str(),
                _ => return true,
            },
            (None, Some(m)) => m,
            (None, None) => return true,
        };
        if q.in_union || w.is_some_and(|w| w.in_union || (q.root == w.root && q.steps.starts_with(&w.steps))) {
            return true;
        }
        // `wl->flags` and `sc->flags` through pointers to different structures are members of
        // different objects (as the Clang Static Analyzer's typed field regions).
        if let Some(w) = w {
            if let ([PathStep::Arrow(_)], [PathStep::Arrow(_)]) = (&w.steps[..], &q.steps[..]) {
                if different_records(&w.root, &q.root) {
                    return false;
                }
            }
        }
        // What reaches a member of that name, or goes through a pointer.
        q.steps.iter().any(|s| match s {
            goanna_cfg::PathStep::Deref => true,
            goanna_cfg::PathStep::Index(_) => false,
            goanna_cfg::PathStep::Field(f) | goanna_cfg::PathStep::Arrow(f) => f == member,
        })
    }

    /// For a path `*x` whose pointer `x` points to a structure or union: that record's identity
    /// (a store to the path writes a whole object of it).
    fn whole_record_written(&self, w: &'a AccessPath) -> Option<&'a str> {
        let (PathStep::Deref, prefix) = w.steps.split_last()? else { return None };
        self.cfg.pointee_record_before(w, prefix.len()).filter(|r| !r.is_empty())
    }

    /// True when `q` is memory of the block a parameter that the function never changes points
    /// to (`*out`, `ctx->count`): it existed before the call, so no block the function allocates
    /// holds it.
    fn in_callers_block(&self, q: &AccessPath) -> bool {
        let Some((first, rest)) = q.steps.split_first() else { return false };
        q.root.kind == goanna_ast::VarKind::Param
            && matches!(first, PathStep::Arrow(_) | PathStep::Deref | PathStep::Index(_))
            && rest.iter().all(|s| matches!(s, PathStep::Field(_) | PathStep::Index(_)))
            && !self.escaped.contains(&q.root)
            && !self.lent.contains(&q.root)
            && !self.written_params.get_or_init(|| written_params(self.cfg)).contains(&q.root)
    }

    /// True when `q` is memory of a private block ([`private_blocks`]): the block itself
    /// (`*path`, `buf[i]`, `b->len`), not memory its contents point to.
    fn in_private_block(&self, q: &AccessPath) -> bool {
        let Some((first, rest)) = q.steps.split_first() else { return false };
        matches!(first, PathStep::Arrow(_) | PathStep::Deref | PathStep::Index(_))
            && rest.iter().all(|s| matches!(s, PathStep::Field(_) | PathStep::Index(_)))
            && self.private.get_or_init(|| private_blocks(self.cfg, self.fresh.get_or_init(|| fresh_blocks(self.cfg, self.summaries)), self.summaries)).contains(&q.root)
    }

    /// True when writing `root` (a variable path) changes what `id` denotes (`p->f` after `p = q`).
    pub(crate) fn through(&self, id: PathId, root: PathId) -> bool {
        self.cfg.paths.get(id.0 as usize).is_some_and(|p| self.through_path(p, root))
    }

    /// [`Frame::through`] of a path.
    fn through_path(&self, p: &AccessPath, root: PathId) -> bool {
        let Some(r) = self.cfg.paths.get(root.0 as usize) else { return false };
        r.is_variable() && !p.is_variable() && p.root == r.root
    }

    /// The events of node `n` (with the propositions `effects` of a callee's summary), in order.
    pub(crate) fn events(&self, n: NodeId, effects: &[(PropKind, PathId)]) -> Vec<Event<'a>> {
        self.step_events(n, effects, &[])
    }

    /// The events of a step: [`Frame::events`] of its node, then what the callee's conditional
    /// result says (read before the node's writes, stated after them).
    pub(crate) fn step_events(&self, n: NodeId, effects: &[(PropKind, PathId)], null_only_if: &[PathId]) -> Vec<Event<'a>> {
        let cfg = self.cfg;
        let node = cfg.node(n);
        let mut out = Vec::new();
        if let NodeKind::Call(site) = &node.kind {
            if let Some(r) = site.result.filter(|&r| self.is_value(r)) {
                out.extend(null_only_if.iter().filter(|&&a| self.is_value(a)).map(|&a| Event::NullOnlyIf(r, a)));
            }
        }
        let props = node.props.iter().filter_map(|p| match p.subject {
            Subject::Path(id) if self.is_value(id) => Some((p.kind, id, p.value)),
            _ => None,
        });
        let props: Vec<(PropKind, PathId, Option<i64>)> = props.chain(effects.iter().map(|&(k, id)| (k, id, None)).filter(|e| self.is_value(e.1))).collect();
        let is_pointer = |id: PathId| cfg.path(id).class == TypeClass::Pointer;
        // Reads first: what a dereference on this node implies holds of the value before it.
        for &(kind, id, _) in &props {
            if kind == PropKind::Deref && is_pointer(id) {
                out.push(Event::Dereferenced(id));
            }
        }
        // Branch propositions state what the branch found.
        if matches!(node.kind, NodeKind::Branch(_)) {
            for &(kind, id, value) in &props {
                let test = match (kind, value) {
                    (PropKind::NullTest, _) => Some((Rel::Eq, 0)),
                    (PropKind::NonNullTest, _) => Some((Rel::Ne, 0)),
                    (PropKind::CmpEq, Some(c)) => Some((Rel::Eq, c)),
                    (PropKind::CmpNe, Some(c)) => Some((Rel::Ne, c)),
                    (PropKind::CmpLt, Some(c)) => Some((Rel::Lt, c)),
                    (PropKind::CmpLe, Some(c)) => Some((Rel::Le, c)),
                    (PropKind::CmpGt, Some(c)) => Some((Rel::Gt, c)),
                    (PropKind::CmpGe, Some(c)) => Some((Rel::Ge, c)),
                    _ => None,
                };
                if let Some((rel, c)) = test {
                    out.push(Event::Test(id, rel, c));
                }
            }
        }
        // Memory that others can reach changes at calls and stores through pointers.
        let call = match &node.kind {
            NodeKind::Call(site) => Some(site.callee_usr.as_deref()),
            _ => None,
        };
        let library_call = node.props.iter().any(|p| p.kind == PropKind::Call);
        // A write through a pointer: `store_p` where `p` is also dereferenced (`*p = v`,
        // `p->f = v`, `p[i] = v`). A `store_p` alone hands the address on (`q = p + 2`,
        // `&p->f`, `g = p`): nothing is written yet, and a later write through the copy is a
        // store of its own.
        // A path strictly below pointer `p` (`p->f`, `p->n->a`).
        let below = |p: &Subject, q: &Subject| match (p, q) {
            (Subject::Path(p), Subject::Path(q)) => {
                let (p, q) = (cfg.path(*p), cfg.path(*q));
                p.root == q.root && q.steps.len() > p.steps.len() && q.steps.starts_with(&p.steps)
            }
            _ => false,
        };
        // `w = p->n->a` (the address of an array member) reads through `p->n` to store an
        // address reached through it: no write through `p->n`, unless the node also defines
        // something below it.
        let hands_on_address = |p: &Subject| {
            node.props.iter().any(|a| a.kind == PropKind::AddrTaken && below(p, &a.subject)) && !node.props.iter().any(|d| d.kind == PropKind::Def && below(p, &d.subject))
        };
        let written_through = |p: &&goanna_cfg::Prop| p.kind == PropKind::Store && node.props.iter().any(|d| d.kind == PropKind::Deref && d.subject == p.subject) && !hands_on_address(&p.subject);
        let store = node.props.iter().any(|p| written_through(&p));
        if call.is_some() || library_call {
            // Arguments the callee's summary says it only reads through (`reads_only_p`).
            let reads_only = match &node.kind {
                NodeKind::Call(site) => site
                    .args
                    .iter()
                    .enumerate()
                    .take(64)
                    .filter(|(_, a)| a.is_some_and(|x| effects.contains(&(PropKind::ReadsOnly, x))))
                    .fold(0u64, |mask, (i, _)| mask | (1 << i)),
                _ => 0,
            };
            out.push(Event::Clobber(n, reads_only));
        } else if store {
            let defined: Vec<PathId> = node
                .props
                .iter()
                .filter(|p| p.kind == PropKind::Def)
                .filter_map(|p| match p.subject {
                    Subject::Path(id) => Some(id),
                    _ => None,
                })
                .collect();
            let written: Vec<PathId> = defined
                .iter()
                .copied()
                .filter(|&id| {
                    let path = cfg.path(id);
                    // A member, or a whole structure written through a pointer to its record.
                    matches!(path.steps.last(), Some(goanna_cfg::PathStep::Field(_) | goanna_cfg::PathStep::Arrow(_))) || self.whole_record_written(path).is_some()
                })
                .collect();
            let whole = match written[..] {
                [one] => self.whole_record_written(cfg.path(one)),
                _ => None,
            };
            // The one path written, when an assignment of this node gives its new value.
            let assigned = match defined[..] {
                [one] if self.is_value(one) && node.values.iter().any(|op| matches!(op, ValueOp::Assign { target, .. } if *target == one)) => Some(one),
                _ => None,
            };
            let fresh = self.fresh.get_or_init(|| fresh_blocks(self.cfg, self.summaries));
            let own_blocks = node.props.iter().filter(written_through).all(|p| matches!(p.subject, Subject::Path(id) if fresh.contains(&id)));
            // The member of an unnamed object written, when that is the node's only store.
            let members: Vec<&str> = node
                .values
                .iter()
                .filter_map(|op| match op {
                    ValueOp::MemberStore { member } => Some(member.as_str()),
                    _ => None,
                })
                .collect();
            let member = match (&written[..], &members[..]) {
                ([], [one]) => Some(*one),
                _ => None,
            };
            let mut through = node.props.iter().filter(written_through).filter_map(|p| match p.subject {
                Subject::Path(id) => Some(id),
                _ => None,
            });
            let through = match (through.next(), through.next()) {
                (Some(one), None) => Some(one),
                _ => None,
            };
            out.push(Event::Store(if let [one] = written[..] { Some(one) } else { None }, assigned, own_blocks, member, through, whole));
        }
        if let Some(Some(usr)) = call {
            out.push(Event::CallResult(usr));
        }
        for op in &node.values {
            match op {
                ValueOp::Assign { target, value } if self.is_value(*target) => out.push(Event::Assign(*target, value)),
                ValueOp::Assign { .. } | ValueOp::ArrayInit { .. } | ValueOp::StoreFunction { .. } | ValueOp::MemberStore { .. } | ValueOp::PointTo { .. } | ValueOp::Access { .. } | ValueOp::PassMemory { .. } | ValueOp::PassValue { .. } | ValueOp::Return(_) => {}
                ValueOp::LibraryCall { usr, success, outs, assumed } => out.push(Event::LibraryCall(usr, success, outs, *assumed)),
                ValueOp::Divisor { value, .. } => out.push(Event::Divisor(value)),
                ValueOp::Cond(c) => out.push(Event::Cond(c)),
            }
        }
        let new_objects = new_objects(cfg, node);
        // Pointer writes: any write forgets; a known value (NULL, a copy, an address) then sets it.
        for &(kind, id, _) in &props {
            if !is_pointer(id) || new_objects.contains(&id) {
                continue;
            }
            // A pointer the value IR assigns (an address constant) has that value.
            if node.values.iter().any(|op| matches!(op, ValueOp::Assign { target, .. } if *target == id)) {
                continue;
            }
            // A pointer moved within its block (`p++`, `p -= k`, not `p = q + k`) is NULL
            // exactly when it was: arithmetic on NULL is undefined.
            let moved = |k: PropKind| props.iter().any(|&(q, p, _)| q == k && p == id);
            if (moved(PropKind::Offset) || moved(PropKind::Rewind)) && !moved(PropKind::Copy) {
                if matches!(kind, PropKind::Offset | PropKind::Rewind) {
                    out.push(Event::PtrInto(id, id));
                }
                continue;
            }
            let write = match kind {
                PropKind::Def
                | PropKind::DeclInit
                | PropKind::Decl
                | PropKind::Alloc
                | PropKind::MayBeNull
                | PropKind::Offset
                | PropKind::Rewind
                | PropKind::Interior => Some(Event::PtrFresh(id)),
                _ => None,
            };
            if let Some(w) = write {
                out.push(w);
            }
        }
        // Before the copies of the node (`a = b = malloc(n)` copies the new block into `a`).
        out.extend(new_objects.into_iter().filter(|&id| self.is_value(id)).map(Event::PtrNew));
        for &(kind, id, value) in &props {
            // A pointer the value IR assigns (an address) has that value.
            if !is_pointer(id) || node.values.iter().any(|op| matches!(op, ValueOp::Assign { target, .. } if *target == id)) {
                continue;
            }
            let set = match kind {
                PropKind::AssignNull => Some(Event::PtrNull(id)),
                // An address that is not NULL, or the result of a function that never returns
                // NULL (its summary's `non_null`: a wrapper of an allocator that aborts).
                PropKind::NonHeap | PropKind::NonNull => Some(Event::PtrNonNull(id)),
                // A pointer into the source's block (`q = p + k`, `interior_q`) is not its value,
                // but it is NULL exactly when the source is.
                // The address of a member (`q = &p->f`) is never NULL: forming it accesses
                // `*p`, undefined for a NULL `p` (C11 6.5.2.3), as compilers assume.
                PropKind::Copy => value.and_then(|v| u32::try_from(v).ok()).map(PathId).filter(|&src| self.is_value(src) && is_pointer(src)).map(|src| {
                    let member_address = props.iter().any(|&(k, p, _)| {
                        k == PropKind::AddrTaken
                            && self.cfg.paths.get(p.0 as usize).is_some_and(|m| {
                                m.root == self.cfg.path(src).root && m.steps.first().is_some_and(|s| matches!(s, PathStep::Arrow(_)))
                            })
                    });
                    if props.iter().any(|&(k, p, _)| k == PropKind::Interior && p == id) {
                        if member_address {
                            Event::PtrNonNull(id)
                        } else {
                            Event::PtrInto(id, src)
                        }
                    } else {
                        Event::PtrCopy(id, src)
                    }
                }),
                _ => None,
            };
            if let Some(s) = set {
                out.push(s);
            }
        }
        // Integer writes that the value IR does not show (a callee writing `*p` for `f(&x)` is
        // on an escaped variable, already forgotten by the clobber).
        for &(kind, id, _) in &props {
            if kind == PropKind::Def && !is_pointer(id) && !node.values.iter().any(|op| matches!(op, ValueOp::Assign { target, .. } if *target == id)) {
                out.push(Event::PtrFresh(id));
            }
        }
        // A variable written as a whole: what was reached through it is other memory now.
        for &(kind, id, _) in &props {
            if matches!(kind, PropKind::Def | PropKind::DeclInit | PropKind::Decl) && cfg.path(id).is_variable() {
                out.push(Event::RootWritten(id));
            }
        }
        out
    }

    /// True when node `n` gives one of `keys` a new value in the encoding (its events are
    /// listed once for all of them).
    pub fn writes_any(&self, n: NodeId, effects: &[(PropKind, PathId)], keys: &[VarKey]) -> bool {
        let events = self.events(n, effects);
        keys.iter().any(|key| events.iter().any(|e| self.event_writes(e, key)))
    }

    /// True when `event` gives `key` a new value in the encoding: the one answer the encoder's
    /// forgetting, the observers' resets and the havoc of a callee's loop all use.
    pub(crate) fn event_writes(&self, event: &Event<'_>, key: &VarKey) -> bool {
        // An element (`p[i].len`) is another one once its index variable is written.
        if let VarKey::Path(id) = key {
            let depends_on = self.cfg.paths.get(id.0 as usize).map_or(&[][..], |p| &p.depends_on[..]);
            if depends_on.iter().any(|d| d != id && self.event_writes(event, &VarKey::Path(*d))) {
                return true;
            }
        }
        match (event, key) {
            (Event::Clobber(at, reads_only), VarKey::Path(id)) => self.clobbers(*at, *reads_only, *id),
            (Event::Store(_, Some(assigned), ..), VarKey::Path(id)) if assigned == id => false,
            (Event::Store(written, _, own_blocks, member, through, whole), VarKey::Path(id)) => self.store_clobbers(*written, *member, *own_blocks, *through, *whole, *id),
            (Event::CallResult(usr) | Event::LibraryCall(usr, ..), VarKey::Result(r)) => *usr == r.as_str(),
            (Event::Assign(t, _) | Event::PtrFresh(t) | Event::PtrNew(t) | Event::PtrNull(t) | Event::PtrNonNull(t) | Event::PtrCopy(t, _) | Event::PtrInto(t, _), VarKey::Path(id)) => t == id,
            (Event::RootWritten(r), VarKey::Path(id)) => self.through(*id, *r),
            // A path the graph does not name is written only by what may write memory.
            (Event::Clobber(at, reads_only), VarKey::Reached(p)) => self.clobbers_path(*at, *reads_only, p.path()),
            (Event::Store(written, _, own_blocks, member, through, whole), VarKey::Reached(p)) => self.store_clobbers_path(*written, *member, *own_blocks, *through, *whole, p.path()),
            (Event::RootWritten(r), VarKey::Reached(p)) => self.through_path(p.path(), *r),
            _ => false,
        }
    }
}

/// True when `p` is rooted at a variable of internal linkage (`static`, at file scope or in a
/// function).
pub(crate) fn has_internal_linkage(p: &AccessPath) -> bool {
    matches!(p.root.kind, goanna_ast::VarKind::StaticGlobal | goanna_ast::VarKind::StaticLocal)
}

/// True for a `const` global or a member of one (reached without a pointer): nothing writes it
/// after its initialisation, neither a call nor a store through a pointer.
fn is_constant_global(p: &AccessPath) -> bool {
    p.root.kind.is_static_storage() && p.root.read_only() && p.steps.iter().all(|s| matches!(s, PathStep::Field(_)))
}

/// The pointers node `node` gives a new object of the library (`p = malloc(n)`,
/// `f = fopen(..)`, from the model table; not a wrapper's result, which its summary calls
/// an allocation): nothing at the node releases an object (`realloc`, `freopen` may hand back
/// the one they are given) or gives the pointer another value (`p = c ? malloc(n) : q`).
fn new_objects(cfg: &Cfg, node: &goanna_cfg::Node) -> Vec<PathId> {
    if matches!(node.kind, NodeKind::Call(_))
        || node.props.iter().any(|p| matches!(p.kind, PropKind::Free | PropKind::Fclose | PropKind::ReallocSelf | PropKind::Close))
    {
        return Vec::new();
    }
    let mut out: Vec<PathId> = Vec::new();
    for prop in node.props.iter().filter(|p| matches!(p.kind, PropKind::Alloc | PropKind::Fopen)) {
        let Subject::Path(id) = prop.subject else { continue };
        let other_value = node.props.iter().any(|q| {
            q.subject == prop.subject
                && matches!(q.kind, PropKind::Copy | PropKind::Interior | PropKind::Offset | PropKind::Rewind | PropKind::AssignNull | PropKind::NonHeap | PropKind::NonNull)
        });
        if cfg.path(id).class == TypeClass::Pointer && !other_value && !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// True when the pointers `a` and `b` point to different structure types: by the records'
/// identities when the front end gave both (typedef names such as `decoder *` included),
/// otherwise by their `struct` spellings.
fn different_records(a: &VarRef, b: &VarRef) -> bool {
    if !a.pointee_record.is_empty() && !b.pointee_record.is_empty() {
        return a.pointee_record != b.pointee_record;
    }
    matches!((pointed_struct(&a.type_spelling), pointed_struct(&b.type_spelling)), (Some(x), Some(y)) if x != y)
}

/// True when a store of a whole object of `record` may change `q`: `q` is reached through a
/// pointer to that record, or to one not known, or it is a member of a nested object
/// (`a->inner.x`: `inner` may be of that record). A path that goes only through pointers to
/// other records (`ct->anchors` of a `struct fast_reload_construct *ct`, past a store of a
/// `struct config_file`) is other memory: objects of distinct structure types do not overlap,
/// as for the typed regions of the Clang Static Analyzer (an object embedded by value in a
/// structure of the record written, and reached through a pointer of its own type, is the one
/// case this misses).
fn may_lie_in_record(cfg: &Cfg, q: &AccessPath, record: &str) -> bool {
    if q.steps.is_empty() || !q.steps.iter().all(|s| matches!(s, PathStep::Arrow(_) | PathStep::Deref)) {
        return true;
    }
    (0..q.steps.len()).any(|j| cfg.pointee_record_before(q, j).is_none_or(|r| r.is_empty() || r == record))
}

/// The structure a pointer type spelled `struct name *` (possibly `const`) points to; `None`
/// for any other spelling (a typedef may name the same structure).
fn pointed_struct(spelling: &str) -> Option<&str> {
    let pointee = spelling.trim().strip_suffix('*')?.trim_end();
    let mut rest = pointee;
    loop {
        let trimmed = rest.trim_start();
        match trimmed.strip_prefix("const ").or_else(|| trimmed.strip_prefix("volatile ")) {
            Some(r) => rest = r,
            None => break,
        }
    }
    let name = rest.trim_start().strip_prefix("struct ")?.trim();
    let name = name.strip_suffix(" const").unwrap_or(name).trim();
    (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')).then_some(name)
}
