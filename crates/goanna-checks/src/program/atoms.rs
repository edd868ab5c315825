//! Names of atomic propositions in the program's Kripke structure.
//!
//! Propositions about locals and parameters are private to their function (`free@12:3` is
//! "`free` of path 3 of function 12"), so a path that enters a callee never sees the caller's
//! variables there; what a callee does to its parameters reaches the caller through summaries
//! placed on the call node (design note 6). Propositions about globals and function-scope
//! statics are shared by every function (`free@g:c:@buf`), so they keep their meaning through
//! calls. `end@12` is the end of function 12 itself, not of a callee.

use super::link::FnIndex;
use goanna_cfg::{AccessPath, PathId, PathStep, PropKind};

/// The atom of a proposition about an access path of function `f`.
pub fn path_atom(kind: PropKind, f: FnIndex, id: PathId, path: &AccessPath) -> String {
    // An element indexed by a variable names a different element in each function.
    let indexed_by_local = path.steps.iter().any(|s| matches!(s, PathStep::Index(goanna_cfg::ElementIndex::Var { .. })));
    if path.root.kind.is_static_storage() && !indexed_by_local {
        let mut name = format!("{}@g:{}", kind.name(), path.root.usr);
        for step in &path.steps {
            match step {
                PathStep::Deref => name.push_str("/*"),
                PathStep::Field(f) => {
                    name.push('.');
                    name.push_str(f);
                }
                PathStep::Arrow(f) => {
                    name.push_str("->");
                    name.push_str(f);
                }
                PathStep::Index(index) => name.push_str(&format!("[{index:?}]")),
            }
        }
        name
    } else {
        format!("{}@{f}:{}", kind.name(), id.0)
    }
}

/// The atom of a proposition without subject, private to function `f` (`end`, `return`,
/// `div_zero`), or global (`noreturn`).
pub fn plain_atom(kind: PropKind, f: FnIndex) -> String {
    match kind {
        PropKind::NoReturn => "noreturn".to_string(),
        _ => format!("{}@{f}", kind.name()),
    }
}

/// The atom of a call of the named function.
pub fn call_atom(name: &str) -> String {
    format!("call:{name}")
}
