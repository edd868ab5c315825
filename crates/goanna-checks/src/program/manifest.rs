//! Whether the NULL a function returns is its own or its caller's choice (issue 10: callee
//! results whose conditions are forgotten).
//!
//! A function *manifestly* returns NULL when some NULL it returns is produced on a path its
//! inputs do not choose: `return NULL;` reached on every execution, or after a test of
//! something the environment decides (`p = malloc(n); if (!p) return NULL;`), or a block that
//! may not have been allocated handed back unchecked. Its callers must check its result.
//! Every other NULL is *latent*: the function returns it only for some values of its
//! parameters or of the memory they reach (`if (ref->type != SYMBOLIC) return NULL;`, a
//! look-up that finds nothing, `default: return NULL;` of a switch on a kind stored in the
//! argument). A caller that dereferences such a result without a test usually knows the case
//! cannot arise — a data invariant the analysis does not see — and the program stage reports
//! it only when the caller's own path leaves the callee nothing else to return (decided by
//! the refutation stage, [`goanna_feasible::Assumed::NullCertain`]). This is Infer Pulse's
//! split of latent and manifest issues, and the reason the Clang Static Analyzer suppresses
//! NULL returned by the functions it inlines (`suppress-null-return-paths`).
//!
//! The nodes a function reaches whatever its inputs are found with post-dominators: from the
//! entry, a node that is not a branch leads to its successors; a branch on something the
//! environment decides (a NULL test of a block that may not have been allocated, a constant,
//! a global or a local computed from those) leads to each of its successors, since the
//! environment can take either; a branch on the inputs leads only to its immediate
//! post-dominator, which every way out of it reaches.

use super::dominators::Dominators;
use goanna_ast::VarKind;
use goanna_cfg::{Cfg, NodeId, NodeKind, PathId, PathStep, PropKind, Subject, ValExpr, ValueOp};
use rustc_hash::{FxHashMap, FxHashSet};

/// True when `cfg` returns NULL on a path its inputs do not choose (see the module's
/// documentation). `effects_at`: the callee effects of a node; `latent_call`: true at a call
/// node whose callee's NULL is latent (its `may_be_null` effect is not the environment's).
pub fn null_is_manifest<'e>(cfg: &Cfg, effects_at: &dyn Fn(NodeId) -> &'e [(PropKind, PathId)], latent_call: &dyn Fn(NodeId) -> bool) -> bool {
    environment_wins(cfg, effects_at, latent_call, true)
}

/// True when `cfg` returns NULL on a path that the contents of the memory it reads through
/// pointers do not choose: [`null_is_manifest`] with only those contents (and the values
/// computed from them) as the inputs. A scalar parameter, or the result of a call whose
/// callee is not known (an allocator behind a function pointer), is then the environment's.
/// This is how far a program's habit of testing a function's result reaches
/// (`NullConventions::checked` in the summaries): it says the NULL is a failure the caller
/// must expect, but a NULL chosen by what a look-up finds in the program's own data (an
/// option that every table entry has, a key just inserted) is still the data's invariant,
/// which a call site that does not test usually knows.
pub fn null_is_manifest_beyond_data<'e>(cfg: &Cfg, effects_at: &dyn Fn(NodeId) -> &'e [(PropKind, PathId)], latent_call: &dyn Fn(NodeId) -> bool) -> bool {
    environment_wins(cfg, effects_at, latent_call, false)
}

/// The game of a manifest NULL, with the parameters among the inputs when `params` (else only
/// the contents of memory read through pointers).
fn environment_wins<'e>(cfg: &Cfg, effects_at: &dyn Fn(NodeId) -> &'e [(PropKind, PathId)], latent_call: &dyn Fn(NodeId) -> bool, params: bool) -> bool {
    let env_null = environment_nulls(cfg, effects_at, latent_call);
    let inputs = InputTaint::with_roots(cfg, effects_at, &env_null, params);
    NullGame::new(cfg, effects_at, &env_null, &|n| inputs.decides_branch(cfg, n, &env_null)).environment_wins()
}

/// True when the NULL `var` holds along `path` survives only by what the program's data holds:
/// `path` runs in `cfg` from where `var` is set to NULL to where that NULL is used, and one of
/// its branches that the contents of memory decide (what the function reads through pointers,
/// and values computed from it: see [`InputTaint::of_memory`]) has another way out that
/// reaches a new value of `var` (without passing either end of the path). The NULL is then
/// latent: it reaches the use only for data the program may never build (`p = NULL; for (e =
/// list->head; e; e = e->next) if (match(e)) p = e; use(*p);` needs a list without a match).
/// A branch on a scalar parameter (`if (use_head) n = head;`) is the caller's explicit choice
/// and keeps the NULL manifest.
pub fn null_kept_by_inputs<'e>(cfg: &Cfg, effects_at: &dyn Fn(NodeId) -> &'e [(PropKind, PathId)], var: PathId, path: &[NodeId]) -> bool {
    let (Some(&first), Some(&last)) = (path.first(), path.last()) else { return false };
    let env_null = environment_nulls(cfg, effects_at, &|_| false);
    let inputs = InputTaint::of_memory(cfg, effects_at, &env_null);
    let gives_value = |n: NodeId| {
        cfg.node(n).props.iter().any(|p| matches!(p.kind, PropKind::Def | PropKind::AddrTaken) && p.subject == Subject::Path(var))
            || effects_at(n).contains(&(PropKind::Def, var))
    };
    let reaches_value = |from: NodeId| {
        let mut seen: FxHashSet<NodeId> = FxHashSet::default();
        let mut stack = vec![from];
        while let Some(n) = stack.pop() {
            if n == first || n == last || !seen.insert(n) {
                continue;
            }
            if gives_value(n) {
                return true;
            }
            let node = cfg.node(n);
            stack.extend(node.succs.iter().filter(|e| node.edge_feasible(e)).map(|e| e.target));
        }
        false
    };
    path.windows(2).any(|w| {
        let node = cfg.node(w[0]);
        let others: Vec<NodeId> = node.succs.iter().filter(|e| node.edge_feasible(e) && e.target != w[1]).map(|e| e.target).collect();
        !others.is_empty() && inputs.decides_branch(cfg, w[0], &env_null) && others.into_iter().any(reaches_value)
    })
}

/// The local pointers that may receive a NULL the environment decides: the result of a
/// library function that may return NULL (`malloc`, `fopen`, `getenv`), or of a function of
/// the program whose NULL is manifest.
fn environment_nulls<'e>(cfg: &Cfg, effects_at: &dyn Fn(NodeId) -> &'e [(PropKind, PathId)], latent_call: &dyn Fn(NodeId) -> bool) -> FxHashSet<PathId> {
    let mut out = FxHashSet::default();
    for n in cfg.node_ids() {
        let node = cfg.node(n);
        for p in &node.props {
            if let (PropKind::MayBeNull, Subject::Path(v)) = (p.kind, &p.subject) {
                out.insert(*v);
            }
        }
        if !latent_call(n) {
            out.extend(effects_at(n).iter().filter(|(k, _)| *k == PropKind::MayBeNull).map(|&(_, v)| v));
        }
    }
    out
}

/// Which values of a function depend on its inputs: its parameters and what they reach, and
/// the locals computed from them (flow-insensitively: a local is tainted when any write of it
/// reads an input).
struct InputTaint {
    /// Per access path: the root variable's index in `tainted`.
    root_of: Vec<usize>,
    /// Per root variable: a parameter, or a local some write of which reads an input.
    tainted: Vec<bool>,
    /// Functions (by USR) called with an input among their arguments: their results depend on
    /// the inputs.
    calls_on_inputs: FxHashSet<String>,
    /// A value the builder does not model counts as an input (it may be anything the inputs
    /// make it); for the contents of memory alone, it is the environment's.
    unknown_is_input: bool,
}

impl InputTaint {
    /// The values computed from the memory the function reads through pointers (the contents
    /// of its data structures), not from its scalar parameters: a flag or count a caller passes
    /// is its explicit choice, not an invariant of the data.
    fn of_memory<'e>(cfg: &Cfg, effects_at: &dyn Fn(NodeId) -> &'e [(PropKind, PathId)], env_null: &FxHashSet<PathId>) -> Self {
        Self::with_roots(cfg, effects_at, env_null, false)
    }

    /// The taint, starting from the parameters when `params`, and from memory reached through
    /// pointers in any case.
    fn with_roots<'e>(cfg: &Cfg, effects_at: &dyn Fn(NodeId) -> &'e [(PropKind, PathId)], env_null: &FxHashSet<PathId>, params: bool) -> Self {
        let mut ids: FxHashMap<&goanna_cfg::VarRef, usize> = FxHashMap::default();
        let root_of: Vec<usize> = cfg
            .paths
            .iter()
            .map(|p| {
                let next = ids.len();
                *ids.entry(&p.root).or_insert(next)
            })
            .collect();
        let mut tainted = vec![false; ids.len()];
        for (root, &i) in &ids {
            tainted[i] = params && root.kind == VarKind::Param;
        }
        let mut taint = InputTaint { root_of, tainted, calls_on_inputs: FxHashSet::default(), unknown_is_input: params };
        let no_exception = FxHashSet::default();
        // Each round taints at least one more root or stops.
        loop {
            let mut changed = false;
            for n in cfg.node_ids() {
                let node = cfg.node(n);
                let mut writes: Vec<PathId> = Vec::new();
                for op in &node.values {
                    if let ValueOp::Assign { target, value } = op {
                        if taint.reads_input(cfg, value, &no_exception) {
                            writes.push(*target);
                        }
                    }
                }
                for p in &node.props {
                    if let (PropKind::Copy, Subject::Path(t)) = (p.kind, &p.subject) {
                        let source = p.value.and_then(|v| u32::try_from(v).ok()).map(PathId);
                        if source.is_some_and(|s| taint.is_input(cfg, s)) {
                            writes.push(*t);
                        }
                    }
                }
                if let NodeKind::Call(site) = &node.kind {
                    let args = site.args.iter().chain(&site.address_args).flatten();
                    if args.clone().any(|&a| taint.is_input(cfg, a)) {
                        if let Some(usr) = &site.callee_usr {
                            changed |= taint.calls_on_inputs.insert(usr.clone());
                        }
                        // The result, and what the call writes through addresses it is given.
                        writes.extend(site.result.filter(|r| !env_null.contains(r)));
                        writes.extend(site.address_args.iter().flatten().copied());
                        writes.extend(effects_at(n).iter().filter(|(k, _)| *k == PropKind::Def).map(|&(_, x)| x));
                    }
                }
                for w in writes {
                    let root = taint.root_of[w.0 as usize];
                    if !taint.tainted[root] {
                        taint.tainted[root] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                return taint;
            }
        }
    }

    /// True when the value of path `p` may depend on the function's inputs: it is rooted at a
    /// parameter or a tainted local, or it is memory reached through a pointer (the contents of
    /// a data structure, a table a look-up walks: what holds there is a data invariant of the
    /// program, not something the environment decides).
    fn is_input(&self, cfg: &Cfg, p: PathId) -> bool {
        let through_pointer = || cfg.paths.get(p.0 as usize).is_some_and(|a| a.steps.iter().any(|s| matches!(s, PathStep::Deref | PathStep::Arrow(_))));
        self.root_of.get(p.0 as usize).is_some_and(|&r| self.tainted[r]) || through_pointer()
    }

    /// True when the expression reads a value that may depend on the inputs; `except`: pointers
    /// that are not inputs where they are read (a NULL the environment decides, where a branch
    /// tests it).
    fn reads_input(&self, cfg: &Cfg, e: &ValExpr, except: &FxHashSet<PathId>) -> bool {
        e.any(|x| match x {
            ValExpr::Path(p) => !except.contains(p) && self.is_input(cfg, *p),
            // An element of an array: a table's contents, or an index the inputs choose. A value
            // the builder does not model may be anything the inputs make it.
            ValExpr::Element(..) => true,
            ValExpr::Unknown => self.unknown_is_input,
            ValExpr::Call(usr) => self.calls_on_inputs.contains(usr),
            // What a library routine returns is the environment's answer, like a value the
            // builder does not model (Pulse's unknown calls); its integer arguments are read
            // below it.
            ValExpr::PureCall { .. } => self.unknown_is_input,
            _ => false,
        })
    }

    /// True when the inputs decide which way branch node `n` goes: it tests a value that may
    /// depend on them (other than a NULL the environment decides), or what it tests is not
    /// known.
    fn decides_branch(&self, cfg: &Cfg, n: NodeId, env_null: &FxHashSet<PathId>) -> bool {
        let node = cfg.node(n);
        let mut known = false;
        // The tests of a condition are on the branch nodes its edges enter.
        let branches = node.succs.iter().map(|e| cfg.node(e.target)).filter(|b| matches!(b.kind, NodeKind::Branch(_)));
        for p in node.props.iter().chain(branches.flat_map(|b| b.props.iter())) {
            if let (PropKind::NullTest | PropKind::NonNullTest, Subject::Path(v)) = (p.kind, &p.subject) {
                known = true;
                if !env_null.contains(v) && self.is_input(cfg, *v) {
                    return true;
                }
            }
        }
        for op in &node.values {
            if let ValueOp::Cond(e) = op {
                known = true;
                if self.reads_input(cfg, e, env_null) {
                    return true;
                }
            }
        }
        !known
    }
}

/// The game that decides whether a NULL return is manifest: the environment chooses at its
/// branches and at the sources of NULL (a block allocated or not), the inputs choose at the
/// branches they decide; the environment wins when a NULL is returned. A state is a node with
/// the local pointer known to hold an environment's NULL there, if any. The environment wins
/// from a state of its own when it wins from some successor, from a branch of the inputs when
/// it wins from every successor — or from the branch's immediate post-dominator, which every
/// way out of the branch reaches, so a loop the inputs control is left, not unrolled (the
/// attractor of the environment, computed backwards with a counter per branch).
struct NullGame {
    /// The state of the entry, no NULL carried.
    entry: usize,
    /// Per state: the states it moves to.
    moves: Vec<Vec<usize>>,
    /// Per state: true at a branch the inputs decide.
    inputs_choose: Vec<bool>,
    /// Per state: the environment has won there (a NULL is returned).
    won: Vec<bool>,
    /// Per state: the branch states whose immediate post-dominator it is, same NULL carried.
    post_dominated: Vec<Vec<usize>>,
    /// Per state: it cannot happen (the pointer carried NULL was just found not NULL).
    dead: Vec<bool>,
}

impl NullGame {
    fn new<'e>(
        cfg: &Cfg,
        effects_at: &dyn Fn(NodeId) -> &'e [(PropKind, PathId)],
        env_null: &FxHashSet<PathId>,
        input_branch: &dyn Fn(NodeId) -> bool,
    ) -> Self {
        // Local pointers with an environment's NULL (state `k + 1` carries `tracked[k]`).
        let mut tracked: Vec<PathId> = env_null.iter().copied().filter(|&v| cfg.paths.get(v.0 as usize).is_some_and(|p| p.is_variable())).collect();
        tracked.sort_unstable();
        let width = tracked.len() + 1;
        let state = |n: NodeId, k: usize| n.index() * width + k;
        let count = cfg.nodes.len() * width;
        let post = Dominators::post(cfg);
        let mut game = NullGame {
            moves: vec![Vec::new(); count],
            inputs_choose: vec![false; count],
            won: vec![false; count],
            post_dominated: vec![Vec::new(); count],
            dead: vec![false; count],
            entry: state(cfg.entry, 0),
        };
        for n in cfg.node_ids() {
            let node = cfg.node(n);
            let fx = effects_at(n);
            let has = |kind: PropKind, v: PathId| node.props.iter().any(|p| p.kind == kind && p.subject == Subject::Path(v)) || fx.contains(&(kind, v));
            let mut succs: Vec<NodeId> = node.succs.iter().filter(|e| node.edge_feasible(e)).map(|e| e.target).collect();
            succs.sort_unstable();
            succs.dedup();
            let returns_null = node.kind == NodeKind::Return && node.props.iter().any(|p| p.kind == PropKind::ReturnNull);
            // Sources of an environment's NULL at this node.
            let sources: Vec<usize> = (0..tracked.len()).filter(|&k| has(PropKind::MayBeNull, tracked[k])).collect();
            let inputs = succs.len() > 1 && sources.is_empty() && input_branch(n);
            for k in 0..width {
                let id = state(n, k);
                let carried = k.checked_sub(1).map(|i| tracked[i]);
                if carried.is_some_and(|v| has(PropKind::NonNullTest, v)) {
                    game.dead[id] = true;
                    continue;
                }
                game.won[id] = returns_null || (node.kind == NodeKind::Return && carried.is_some_and(|v| has(PropKind::Escape, v)));
                game.inputs_choose[id] = inputs;
                // What the pointer carried holds after this node: a new value ends it, a source
                // may start one.
                let mut after: Vec<usize> = match carried {
                    Some(v) if has(PropKind::Def, v) => vec![0],
                    _ => vec![k],
                };
                after.extend(sources.iter().map(|&i| i + 1));
                after.sort_unstable();
                after.dedup();
                for &t in &succs {
                    game.moves[id].extend(after.iter().map(|&a| state(t, a)));
                }
                if inputs {
                    if let Some(d) = post.immediate(n) {
                        game.post_dominated[state(d, k)].push(id);
                    }
                }
            }
        }
        game
    }

    /// True when the environment wins from the entry, no NULL carried.
    fn environment_wins(mut self) -> bool {
        let count = self.moves.len();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); count];
        // For a branch of the inputs: how many of its successors are not won yet.
        let mut pending: Vec<usize> = vec![0; count];
        for (x, moves) in self.moves.iter().enumerate() {
            if self.dead[x] {
                continue;
            }
            for &y in moves {
                preds[y].push(x);
            }
            pending[x] = moves.len();
        }
        let mut work: Vec<usize> = (0..count).filter(|&x| self.won[x]).collect();
        while let Some(y) = work.pop() {
            let mut gained: Vec<usize> = std::mem::take(&mut self.post_dominated[y]);
            for &x in &preds[y] {
                if self.inputs_choose[x] {
                    pending[x] = pending[x].saturating_sub(1);
                    if pending[x] == 0 {
                        gained.push(x);
                    }
                } else {
                    gained.push(x);
                }
            }
            for x in gained {
                if !self.won[x] && !self.dead[x] {
                    self.won[x] = true;
                    work.push(x);
                }
            }
        }
        self.won.get(self.entry).copied().unwrap_or(false)
    }
}
