//! Values handed to parameters nobody reads: at a call of a function of the unit that never
//! reads a parameter (it does not name it, or only discards it: `(void)fpu;`), a variable
//! whose address the function takes somewhere, passed for it by value, is mentioned, not used.
//! vorbis's FPU rounding pair is a pair of stubs on targets with SSE math (`static inline void
//! vorbis_fpu_restore(vorbis_fpu_control fpu) { (void)fpu; }`), and the control word the
//! setter (given `&fpu`) would have filled in is passed back unset: nothing reads it. A
//! variable whose address is never taken stays used: evaluating it unset is undefined
//! behaviour whatever the callee does with the copy (C11 6.3.2.1p2). Functions of other units
//! are not seen here; their parameters count as read.

use crate::graph::{Cfg, NodeKind};
use crate::props::{PathId, PropKind, Subject};
use rustc_hash::FxHashMap;

/// Turns `use_x` into `mention_x` at the calls of `cfgs` (the graphs of one unit) that pass
/// the variable `x`, whose address the caller takes somewhere, by value only to parameters
/// their callee never reads, when the node does
/// nothing but the call and every argument is a path, an address or a constant: the call's
/// `use_x` is then the argument's alone.
pub(super) fn mention_discarded_arguments(cfgs: &mut [Cfg]) {
    let unread: FxHashMap<String, Vec<bool>> = cfgs.iter().map(|cfg| (cfg.usr.clone(), unread_params(cfg))).collect();
    if unread.values().all(|u| !u.contains(&true)) {
        return;
    }
    for cfg in cfgs.iter_mut() {
        let address_taken: Vec<PathId> = cfg
            .nodes
            .iter()
            .flat_map(|n| &n.props)
            .filter(|p| p.kind == PropKind::AddrTaken)
            .filter_map(|p| match p.subject {
                Subject::Path(x) => Some(x),
                _ => None,
            })
            .collect();
        let mut changes: Vec<(usize, PathId)> = Vec::new();
        for (n, node) in cfg.nodes.iter().enumerate() {
            let NodeKind::Call(site) = &node.kind else { continue };
            let Some(never_read) = site.callee_usr.as_ref().and_then(|usr| unread.get(usr)) else { continue };
            let only_the_call = node.props.iter().filter(|p| p.kind == PropKind::Call).count() <= 1
                && site.result.is_none()
                && !node.props.iter().any(|p| matches!(p.kind, PropKind::Def | PropKind::DeclInit | PropKind::Return));
            let plain_arguments = (0..site.args.len()).all(|j| {
                site.args[j].is_some() || site.address_args.get(j).is_some_and(Option::is_some) || site.null_args.contains(&j) || site.int_args.iter().any(|&(k, _)| k == j)
            });
            if !only_the_call || !plain_arguments {
                continue;
            }
            let same_root = |a: &Option<PathId>, x: PathId| a.is_some_and(|a| cfg.path(a).root == cfg.path(x).root);
            for x in site.args.iter().flatten().copied() {
                let discarded = cfg.path(x).is_variable()
                    && address_taken.contains(&x)
                    && site.args.iter().enumerate().all(|(j, a)| !same_root(a, x) || never_read.get(j).copied().unwrap_or(false))
                    && !site.address_args.iter().any(|a| same_root(a, x));
                if discarded {
                    changes.push((n, x));
                }
            }
        }
        for (n, x) in changes {
            for p in cfg.nodes[n].props.iter_mut().filter(|p| p.kind == PropKind::Use && p.subject == Subject::Path(x)) {
                p.kind = PropKind::Mention;
            }
        }
    }
}

/// For each parameter of `cfg`'s function: true when the function never reads it, nor
/// anything through it: it is unnamed, not named at all, or only discarded (`(void)fpu;`).
fn unread_params(cfg: &Cfg) -> Vec<bool> {
    cfg.params
        .iter()
        .map(|param| {
            let Some(pid) = *param else { return true };
            let root = &cfg.path(pid).root;
            cfg.nodes.iter().flat_map(|n| &n.props).all(|p| match p.subject {
                Subject::Path(x) if &cfg.path(x).root == root => p.kind == PropKind::Mention,
                _ => true,
            })
        })
        .collect()
}
