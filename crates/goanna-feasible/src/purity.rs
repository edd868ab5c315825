//! Calls that can be answered from an earlier one: a function of the program that writes
//! nothing its caller can see (no memory through pointers, no globals, no resources, no
//! allocation) returns the same value when it is called again with the same arguments and
//! nothing has been written in between (`if (get(d, X)) path = get(d, X);`). The refutation
//! stage states that equality, which the callee's relation alone cannot (each call may take
//! any of the callee's paths where it reads what it does not model).

use crate::relation::CalleeGraphs;
use goanna_ast::VarKind;
use goanna_cfg::{Cfg, NodeKind, PathId, PathStep, PropKind, Subject};
use rustc_hash::FxHashMap;

/// Calls followed below a callee when deciding whether it writes anything.
const MAX_DEPTH: usize = 6;

/// True when the function `callee` (graph `cfg`) writes nothing its caller can see, as far as
/// `depth` levels of its own calls are followed (a call of a function the program does not
/// define counts as a write).
pub(crate) fn writes_nothing(graphs: &dyn CalleeGraphs, callee: u32, cfg: &Cfg, depth: usize) -> bool {
    writes_through_params(graphs, callee, cfg, depth, &mut FxHashMap::default()).is_some_and(|through| through.iter().all(|&w| !w))
}

/// What [`writes_through_params`] answered, per function and depth.
type Answers = FxHashMap<(u32, usize), Option<Vec<bool>>>;

/// Which pointer parameters the function may write through, when that is all it writes that
/// its caller can see; `None` when it may write anything else (globals, resources, memory it
/// did not get from a parameter, calls it cannot follow). `answers` keeps what was decided
/// for the functions it calls, so that each is followed once per depth.
fn writes_through_params(graphs: &dyn CalleeGraphs, callee: u32, cfg: &Cfg, depth: usize, answers: &mut Answers) -> Option<Vec<bool>> {
    if depth >= MAX_DEPTH {
        return None;
    }
    if let Some(known) = answers.get(&(callee, depth)) {
        return known.clone();
    }
    let answer = follow_writes(graphs, callee, cfg, depth, answers);
    answers.insert((callee, depth), answer.clone());
    answer
}

/// [`writes_through_params`] of a function not decided yet at this depth.
fn follow_writes(graphs: &dyn CalleeGraphs, callee: u32, cfg: &Cfg, depth: usize, answers: &mut Answers) -> Option<Vec<bool>> {
    let mut through = vec![false; cfg.params.len()];
    for n in cfg.node_ids() {
        let node = cfg.node(n);
        if !node.reachable {
            continue;
        }
        let followed_call = matches!(node.kind, NodeKind::Call(_));
        if let NodeKind::Call(site) = &node.kind {
            let (g, g_cfg) = graphs.callee(callee, n)?;
            let g_writes = writes_through_params(graphs, g, g_cfg, depth + 1, answers)?;
            for (k, &writes) in g_writes.iter().enumerate() {
                if !writes {
                    continue;
                }
                // Written through the address of one of this function's own variables: local;
                // through a pointer it was given: its caller's memory.
                match (site.address_args.get(k).copied().flatten(), site.args.get(k).copied().flatten()) {
                    (Some(a), _) if local_storage(cfg, a) => {}
                    (_, Some(p)) => through[param_of(cfg, p)?] = true,
                    _ => return None,
                }
            }
        }
        for prop in &node.props {
            let path = match prop.subject {
                Subject::Path(p) => Some(p),
                _ => None,
            };
            // At a call it follows, what the arguments may suffer is the callee's business,
            // decided above from its own graph.
            if followed_call && matches!(prop.kind, PropKind::Store | PropKind::Escape | PropKind::ElemRelease | PropKind::AddrTaken) {
                continue;
            }
            match prop.kind {
                // Memory a pointer points to: its own variable's storage (`&i` passed on), or
                // what a pointer parameter points to.
                PropKind::Store => {
                    let p = path?;
                    if copied_into_local(cfg, node, p) {
                        continue;
                    }
                    if !(local_storage(cfg, p) && cfg.path(p).class != goanna_ast::TypeClass::Pointer) {
                        through[param_of(cfg, p)?] = true;
                    }
                }
                // Writes: of its own variables, or through a pointer parameter.
                PropKind::Def | PropKind::DeclInit | PropKind::AssignNull | PropKind::AssignZero | PropKind::AssignConst | PropKind::AddConst | PropKind::Copy => {
                    let p = path?;
                    if !local_storage(cfg, p) {
                        through[param_of(cfg, p)?] = true;
                    }
                }
                // Handing a value on is a store, except by `return`.
                PropKind::Escape if node.kind == NodeKind::Return => {}
                PropKind::AddrTaken if !path.is_some_and(|p| local_storage(cfg, p)) => return None,
                PropKind::Escape
                | PropKind::Alloc
                | PropKind::Free
                | PropKind::Fopen
                | PropKind::Fclose
                | PropKind::Open
                | PropKind::Close
                | PropKind::ResourceUse
                | PropKind::Lock
                | PropKind::Unlock
                | PropKind::ThreadStart
                | PropKind::Callback
                | PropKind::ReallocSelf
                | PropKind::Rewind
                | PropKind::Dangling
                | PropKind::FreeNonHeap
                | PropKind::FreeOffset
                | PropKind::RecursiveCall => return None,
                _ => {}
            }
        }
    }
    Some(through)
}

/// True when the `store` of `p` at `node` only hands its value on into a local pointer of the
/// function (`e = args->list`, `e = e->next`): a write through that local is a write of its
/// own, which the propositions about the local show where it happens.
fn copied_into_local(cfg: &Cfg, node: &goanna_cfg::Node, p: PathId) -> bool {
    node.props.iter().any(|q| {
        q.kind == PropKind::Copy
            && q.value == Some(i64::from(p.0))
            && matches!(q.subject, Subject::Path(l) if local_storage(cfg, l))
    })
}

/// True when `p` is storage of the function's own: a local variable or parameter, or a member
/// of one, not memory reached through a pointer.
fn local_storage(cfg: &Cfg, p: PathId) -> bool {
    let path = cfg.path(p);
    matches!(path.root.kind, VarKind::Local | VarKind::Param) && !path.steps.iter().any(|s| matches!(s, PathStep::Deref | PathStep::Arrow(_)))
}

/// The index of the pointer parameter that `p` is, or is reached through.
fn param_of(cfg: &Cfg, p: PathId) -> Option<usize> {
    let path = cfg.path(p);
    if path.root.kind != VarKind::Param {
        return None;
    }
    cfg.params.iter().position(|q| q.is_some_and(|q| cfg.path(q).root == path.root))
}
