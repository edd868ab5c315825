//! What a function does to its parameters and what it returns, found by model checking the
//! function (with its own callees as boxes), and shown at its call sites (design note 6).
//!
//! Summaries are computed for the whole program by iteration from "does nothing" until no
//! summary changes, which also settles recursion. Each question is about the function's own
//! variables, so it is decided on the function's own model ([`super::flat`]).

use super::behaviour::{call_graph_sccs, Behaviour};
use super::decide::Decide;
use super::flat::{flat_model, EdgeFilter, FlatModel};
use super::link::{FnIndex, Program};
use super::rks::CallEffects;
use super::constant_contexts::ConstantContexts;
use super::selectors::Selectors;
use super::template::{Template, TemplateAtom};
use goanna_cfg::{Cfg, NodeKind, PathId, PathStep, PropKind};
use goanna_mc::ctl::Formula;

/// What one function does, seen from its callers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Per parameter: frees the pointer it was given on every path that returns.
    pub frees_all: Vec<bool>,
    /// Per parameter: may free, store or otherwise take ownership of the pointer.
    pub takes: Vec<bool>,
    /// Per parameter: may free the pointer it was given (on some path, before giving it a new
    /// value; `if (lc == NULL || (only_nodes && ..)) return; .. free(lc);`).
    pub may_free: Vec<bool>,
    /// Per parameter: dereferences the pointer before testing it on every path.
    pub derefs: Vec<bool>,
    /// Per pointer-to-pointer parameter `pp`: frees the pointer `*pp` held at the entry on
    /// every path that returns (itself or through a copy, `T *d = *pp; free(d);`). At
    /// `f(&p)` the caller's `p` is freed.
    pub frees_pointee: Vec<bool>,
    /// Per pointer-to-pointer parameter `pp`: dereferences the pointer `*pp` held at the entry
    /// before testing it, on every path. At `f(&p)` the caller's `p` is dereferenced.
    pub derefs_pointee: Vec<bool>,
    /// Per integer parameter: divides by it before testing it on every path.
    pub divides: Vec<bool>,
    /// Per signed integer parameter: on every path, arithmetic that overflows for the largest
    /// value of its type (`grows`) reads it before anything may bound it or give it a new value.
    pub grows: Vec<bool>,
    /// Per parameter: stores newly allocated memory into `*param` on every path that returns.
    pub allocates_out: Vec<bool>,
    /// Per parameter: may store a new block into `*param` (on some path).
    pub may_allocate_out: Vec<bool>,
    /// Per parameter: may store into `*param` a new block that it returns before anything is
    /// written to the block.
    pub allocates_out_uninit: Vec<bool>,
    /// Per parameter: the return-code convention by which the result says whether a block was
    /// stored into `*param` ([`super::status`]).
    pub out_conventions: Vec<Option<super::status::OutConvention>>,
    /// Per parameter: may store a new value into `*param` (on some path, itself or through a
    /// callee). At a call `f(&p)` the caller's `p` may have a new value: `def_p`.
    pub writes_out: Vec<bool>,
    /// Per pointer parameter: some path stores a value read from input into `*param`
    /// (`*out = atoi(text)`): the caller's variable holds input after the call.
    pub input_out: Vec<bool>,

    /// Per parameter: closes the stream it was given (`fclose`) on every path that returns.
    pub closes_all: Vec<bool>,
    /// Per parameter: may use the stream it was given (read, write, ...) before a new value.
    pub uses_stream: Vec<bool>,
    /// May return newly allocated memory.
    pub returns_alloc: bool,
    /// Returns newly allocated memory before anything was written to it, and no path writes
    /// the block before returning it (a block filled in a loop is defined).
    pub returns_uninit: bool,
    /// May return a stream it opened.
    pub returns_stream: bool,
    /// Some path returns an integer that holds a value read from input (`input_x`) with no
    /// new value since: the caller's result holds input.
    pub returns_input: bool,
    /// The heap families of the blocks it may return (`alloc_malloc`, `alloc_new`,
    /// `alloc_new_arr`): a wrapper of `new` gives its caller a block of `new`.
    pub returns_families: Vec<PropKind>,
    /// Per pointer-to-pointer parameter: some path stores into `*param` a new block that may
    /// be NULL (a result of `calloc`, of a wrapper of it) and returns without testing it: the
    /// caller's `p` may be NULL after `f(&p)` (or `f(p)` for a reference).
    pub out_may_be_null: Vec<bool>,
    /// Per parameter: the release functions it may apply to the pointer it is given
    /// (`release_free`, `release_delete`, `release_delete_arr`), itself or through its
    /// callees; at a call that frees the argument, the argument gets them too.
    pub releases: Vec<Vec<PropKind>>,
    /// May return a null pointer.
    pub may_return_null: bool,
    /// Every path that returns gives back memory the function freed (`free(p); return p;`):
    /// the caller's result is `dangling` at the call.
    pub returns_freed: bool,
    /// Every NULL it may return is latent: returned only for some values of its inputs
    /// (parameters and the memory they reach), never on a path the environment alone chooses
    /// ([`super::manifest`]). A caller's dereference of the result is reported only where the
    /// caller's path leaves the function nothing else to return.
    pub null_latent: bool,
    /// Every `return` gives the address of a static object or a string literal: never NULL.
    pub returns_static_addr: bool,
    /// Never returns NULL: every reachable `return` gives back a local or parameter pointer
    /// that was found not NULL since its last value, or whose last value was an address or the
    /// result of a callee that never returns NULL (a wrapper of an allocator that aborts
    /// when the allocation fails). Callers get `non_null` on the result.
    pub returns_nonnull: bool,
    /// Per parameter: the function returns NULL only after finding this pointer parameter NULL
    /// (`if (!list) return NULL;` in a getter), and never returns a local that may be NULL.
    pub null_only_if_null: Vec<bool>,
    /// Per parameter that points to an integer: every NULL the function returns is a
    /// `return NULL;` reached after setting `*param` to 0 (`*count = 0; return NULL;`, an
    /// empty split): at a call `f(.., &n)`, a NULL result means `n` is 0.
    pub null_zeroes_out: Vec<bool>,
    /// Every NULL the function returns follows finding one of its pointer parameters NULL
    /// (`if (!a || !b) return NULL;`, an argument-checking assertion macro that returns): its
    /// NULL is its caller's NULL argument handed back, a defensive check and not a NULL of its
    /// own (the Clang Static Analyzer suppresses such inlined defensive checks too).
    pub null_only_if_param_null: bool,
    /// Per pointer parameter: the function only reads memory reached through it — no store
    /// through it or a copy of it, no callee that may write through it, not handed on except
    /// by `return` — so a caller's values behind the argument survive the call (the summary
    /// counterpart of a `const T *` parameter). Empty or `false`: may write.
    pub reads_only: Vec<bool>,
    /// Per pointer parameter: the members of what it points to that the function may write
    /// through it (`sc->wp0 = ..` writes `wp0`; a write through `sc->wl` writes what member
    /// `wl` points to, counted as `wl`; a member of a nested structure is its chain of names,
    /// `c->rp.resp_iov.cnt = 0` writes `rp.resp_iov.cnt`, and leaves `rp.response`: see
    /// [`goanna_cfg::member_chain`]), when that is all it may write through it — no store of
    /// the whole pointee, no copy of a pointer reached through it, no callee that may write
    /// more; [`WHOLE_POINTEE`] for the pointee as a whole (`*a = v`). `None` (or missing):
    /// anything. A caller's `sc->flags` survives a call that writes only `sc->wp0`.
    pub writes_members: Vec<Option<Vec<String>>>,
    /// What the function does, on every path, to the block a pointer global held at its entry
    /// (issue 12, route 5: a global carries the caller's pointer), by the global's USR: `Free`
    /// (freed on every path that returns, itself or through a copy, `T *d = g; free(d);`),
    /// `Fclose` (closed likewise), `Deref` (dereferenced before any test or new value),
    /// `ResourceUse` (used as a stream on some path before a new value): only for globals
    /// that no call of the function may write (`alias::carrier_global`). And `Def`: a pointer
    /// global the function itself writes on every path that returns (`old = cur;` in a
    /// function that swaps tables), whether a carrier or not. At a call the caller's global
    /// gets the proposition, so a local whose block the caller stored in the global gets it
    /// too (the alias pass).
    pub global_effects: Vec<(String, PropKind)>,
    /// Per parameter that is a structure or a pointer to one: its members are followed
    /// ([`super::parts`]), so `part_effects` says all the function does to the pointers they
    /// hold. Empty or `false`: not followed.
    pub parts_followed: Vec<bool>,
    /// What the function does to the pointers the members (or constant-index elements) of a
    /// followed parameter hold at the entry (issue 12, routes 3 and 4): (parameter, the steps
    /// from it to the pointer, effect).
    /// `Free` (freed on every path that returns, itself or through a copy), `Fclose` (closed
    /// likewise), `Deref` (dereferenced before any test or new value on every path),
    /// `Escape` (freed, closed or handed on, on some path), `Def` (another value stored
    /// through a pointer parameter, on some path). At a call the caller's member gets it.
    pub part_effects: Vec<(usize, Vec<super::parts::PartStep>, PropKind)>,
    /// The summary again for a selector's value at the entry (`super::selectors`): (USR of the
    /// integer global, whether it is non-zero, the summary of the function on the paths where
    /// it is). Only for the values some call site knows; a call that knows one gets that
    /// summary's effects.
    pub by_selector: Vec<(String, bool, Summary)>,
    /// The summary again for integer constants passed to parameters the function decides
    /// branches by (`super::constant_contexts`): (the constants, by parameter index, the
    /// summary of the function on the paths they allow). Only for the constants some call
    /// passes; such a call gets that summary's effects.
    pub by_constants: Vec<(super::constant_contexts::Constants, Summary)>,
}

impl Summary {
    /// The summary of a function of `n` parameters that does nothing a caller can see.
    pub fn nothing(n: usize) -> Summary {
        Summary {
            frees_all: vec![false; n],
            takes: vec![false; n],
            may_free: vec![false; n],
            derefs: vec![false; n],
            frees_pointee: vec![false; n],
            derefs_pointee: vec![false; n],
            divides: vec![false; n],
            grows: vec![false; n],
            allocates_out: vec![false; n],
            writes_out: vec![false; n],
            input_out: vec![false; n],
            allocates_out_uninit: vec![false; n],
            may_allocate_out: vec![false; n],
            out_conventions: vec![None; n],
            closes_all: vec![false; n],
            uses_stream: vec![false; n],
            null_only_if_null: vec![false; n],
            null_zeroes_out: vec![false; n],
            releases: vec![Vec::new(); n],
            out_may_be_null: vec![false; n],
            ..Summary::default()
        }
    }
}

/// Upper bound on whole-program iterations; recursion settles much sooner in practice.
const MAX_ROUNDS: usize = 8;

/// The summary questions of one function, as formulas over its own atoms.
struct Questions {
    /// `EF end`: some path returns.
    returns: Formula,
    /// (parameter index, kind of question, formula).
    per_param: Vec<(usize, Question, Formula)>,
    /// Some path returns NULL before finding any pointer parameter NULL, or gives one of them
    /// another value and can still return NULL (negated for `null_only_if_param_null`); `None`
    /// without pointer parameters.
    null_untested_all: Option<Formula>,
    /// One per local pointer (same shape, decided together): allocated, then returned.
    returns_alloc: Vec<Formula>,
    /// One per local pointer: may be NULL, then returned unchecked; and `return NULL`.
    may_return_null: Vec<Formula>,
    /// How many of `may_return_null` are about locals (the rest: `return NULL`).
    null_from_locals: usize,
    /// One per local pointer: opened as a stream, then returned.
    returns_stream: Vec<Formula>,
    /// One per local pointer: allocated with undefined contents, returned before a write, and
    /// never returned after one.
    returns_uninit: Vec<Formula>,
    /// One per integer local or parameter: holds input, then returned with no new value.
    returns_input: Vec<Formula>,
    /// One per variable some `return` gives back (all of them when every reachable `return`
    /// gives back a local or parameter pointer, else none): a path returns it not freed since
    /// its last write (negated for `returns_freed`).
    returns_unfreed: Vec<Formula>,
    /// One per returned variable: a path returns it without finding it not NULL since its
    /// last value (negated for `returns_nonnull`); empty when some `return` gives back
    /// something else.
    returns_maybe_null: Vec<Formula>,
    /// Per carrier global: its USR, the effect, whether the effect holds when the formula does
    /// not (`KeepsSome`-like questions, decided on returning functions only), and the formula.
    per_global: Vec<(String, PropKind, bool, Formula)>,
    /// Per part of a followed parameter ([`super::parts`]): the parameter, the members, the
    /// effect, whether the effect holds when the formula does not, and the formula.
    per_part: Vec<(usize, Vec<super::parts::PartStep>, PropKind, bool, Formula)>,
    /// Per parameter: its members are followed.
    parts_followed: Vec<bool>,
    /// Per heap family: its allocation proposition and whether a block of that family is
    /// allocated into a local pointer and returned (one formula per family).
    returns_families: Vec<(PropKind, Formula)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    /// `E[!free U (end | def & !free)]`: some returning path does not free (negated for `frees_all`).
    KeepsSome,
    /// The same for the pointer `*param` held at the entry (negated for `frees_pointee`).
    KeepsPointee,
    /// Every path dereferences `*param` before testing it or giving it a new value.
    DerefsPointee,
    Takes,
    /// `E[!def U free]`: some path frees the pointer it was given.
    MayFree,
    Derefs,
    Divides,
    /// Every path grows the parameter before bounding it or giving it a new value.
    Grows,
    AllocatesOut,
    /// `EF def_*param`: some path writes `*param`.
    WritesOut,
    /// `EF input_*param`: some path stores input into `*param`.
    InputOut,
    /// `EF alloc_*param`: some path allocates into `*param`.
    MayAllocateOut,
    /// Some path allocates into `*param` and returns before writing to the block.
    AllocatesOutUninit,
    /// `E[!fclose U (end | def & !fclose)]`: some returning path does not close (negated).
    KeepsOpen,
    UsesStream,
    /// `E[!null_test U (return_null | (def | addr_taken) & EF return_null)]`: some path returns
    /// NULL without having found the parameter NULL, or rewrites the parameter and may then
    /// return NULL (negated for `null_only_if_null`).
    NullUntested,
    /// `E[!def_*param U return_null] | EF(def_*param & !assign_zero_*param & EX E[!def_*param
    /// U return_null])`: some `return NULL` leaves `*param` other than 0 (negated for
    /// `null_zeroes_out`).
    NullLeavesOut,
    /// `EF(may_be_null_*param & alloc_*param & EX E[!(def_*param | nonnull_test_*param |
    /// null_test_*param) U end])`: some path stores a new block that may be NULL into
    /// `*param` and returns without testing it.
    MayStoreNullOut,
    /// `E[!def U release]`: some path releases the pointer it was given with this family's
    /// release function (`release_free`, `release_delete`, `release_delete_arr`).
    Releases(PropKind),
}

/// Formula constructors, so that atoms with any characters need no quoting.
mod build {
    use goanna_mc::ctl::Formula;
    pub fn a(name: String) -> Formula {
        Formula::Atom(name)
    }
    pub fn not(f: Formula) -> Formula {
        Formula::Not(Box::new(f))
    }
    pub fn and(x: Formula, y: Formula) -> Formula {
        Formula::And(Box::new(x), Box::new(y))
    }
    pub fn any(items: Vec<Formula>) -> Formula {
        items.into_iter().reduce(|x, y| Formula::Or(Box::new(x), Box::new(y))).unwrap_or(Formula::False)
    }
    pub fn ex(f: Formula) -> Formula {
        Formula::EX(Box::new(f))
    }
    pub fn ef(f: Formula) -> Formula {
        Formula::EF(Box::new(f))
    }
    pub fn eu(x: Formula, y: Formula) -> Formula {
        Formula::EU(Box::new(x), Box::new(y))
    }
}

fn atom(kind: PropKind, f: FnIndex, path: Option<(PathId, &goanna_cfg::AccessPath)>) -> Formula {
    let a = match path {
        Some(_) => TemplateAtom::OfVar(kind),
        None => TemplateAtom::Plain(kind),
    };
    build::a(Template::concrete_atom(a, f, path).unwrap_or_default())
}

fn questions(f: FnIndex, cfg: &Cfg, carriers: &[(PathId, Vec<String>)]) -> Questions {
    use build::*;
    let mut per_param = Vec::new();
    let mut param_null_tests = Vec::new();
    let mut param_rewrites = Vec::new();
    let end = atom(PropKind::End, f, None);
    let ret = atom(PropKind::Return, f, None);
    for (i, param) in cfg.params.iter().enumerate() {
        let Some(id) = *param else { continue };
        let path = cfg.path(id);
        if path.class == goanna_ast::TypeClass::Integer {
            // Every path divides by it before testing it or giving it a new value.
            let p = Some((id, path));
            let tested = any(vec![
                atom(PropKind::Def, f, p),
                atom(PropKind::AddrTaken, f, p),
                atom(PropKind::NullTest, f, p),
                atom(PropKind::NonNullTest, f, p),
            ]);
            per_param.push((i, Question::Divides, Formula::AU(Box::new(not(tested)), Box::new(atom(PropKind::DivBy, f, p)))));
            // An integer wide enough to hold a pointer that the callee stores where others find
            // it: the pointer a caller converted into it (`st_insert(t, (st_data_t) key, v)`)
            // is handed on.
            if path.int_type().is_some_and(|ty| ty.bits >= 64) {
                per_param.push((i, Question::Takes, eu(not(atom(PropKind::Def, f, p)), atom(PropKind::Escape, f, p))));
            }
            if path.int_type().is_some_and(|ty| ty.signed) {
                let bounded = any(vec![atom(PropKind::Def, f, p), atom(PropKind::AddrTaken, f, p), atom(PropKind::Bounded, f, p)]);
                per_param.push((i, Question::Grows, Formula::AU(Box::new(not(bounded)), Box::new(atom(PropKind::Grows, f, p)))));
            }
            continue;
        }
        if path.class != goanna_ast::TypeClass::Pointer {
            continue;
        }
        let p = Some((id, path));
        let free = atom(PropKind::Free, f, p);
        let def = atom(PropKind::Def, f, p);
        let escape = atom(PropKind::Escape, f, p);
        let deref = atom(PropKind::Deref, f, p);
        let tested = any(vec![def.clone(), atom(PropKind::NullTest, f, p), atom(PropKind::NonNullTest, f, p)]);
        // Some returning path does not free what it was given. A path on which the pointer was
        // found NULL has nothing to free (`if (!p) return;` in a free wrapper).
        let null = atom(PropKind::NullTest, f, p);
        let keeps = eu(not(any(vec![free.clone(), null])), any(vec![end.clone(), and(def.clone(), not(free.clone()))]));
        per_param.push((i, Question::KeepsSome, keeps));
        // The same for streams: closed on every returning path, or used.
        let fclose = atom(PropKind::Fclose, f, p);
        let null = atom(PropKind::NullTest, f, p);
        let keeps_open = eu(not(any(vec![fclose.clone(), null])), any(vec![end.clone(), and(def.clone(), not(fclose.clone()))]));
        per_param.push((i, Question::KeepsOpen, keeps_open));
        per_param.push((i, Question::UsesStream, eu(not(def.clone()), atom(PropKind::ResourceUse, f, p))));
        per_param.push((i, Question::MayFree, eu(not(def.clone()), free.clone())));
        for release in FAMILY_RELEASES {
            per_param.push((i, Question::Releases(release), eu(not(def.clone()), atom(release, f, p))));
        }
        per_param.push((i, Question::Takes, eu(not(def.clone()), any(vec![free, escape, fclose]))));
        // Every path dereferences the pointer before testing it or giving it a new value: a
        // callee that dereferences only on some paths (a loop over zero elements, a branch on
        // another argument) is not taken to crash on NULL.
        per_param.push((i, Question::Derefs, Formula::AU(Box::new(not(tested)), Box::new(deref))));
        // Some path returns NULL before finding the parameter NULL, or gives the parameter
        // another value (`n = n->next`) and can still return NULL: the test after that is about
        // another value.
        let return_null = atom(PropKind::ReturnNull, f, None);
        let rewritten = and(any(vec![def.clone(), atom(PropKind::AddrTaken, f, p)]), ef(return_null.clone()));
        per_param.push((i, Question::NullUntested, eu(not(atom(PropKind::NullTest, f, p)), any(vec![return_null, rewritten.clone()]))));
        param_null_tests.push(atom(PropKind::NullTest, f, p));
        param_rewrites.push(rewritten);
        let pointee = cfg.paths.iter().position(|other| other.root == path.root && other.steps == [PathStep::Deref]);
        if let Some(d) = pointee {
            let d = PathId(d as u32);
            // Some returning path does not allocate into `*param` (negated): a callee that
            // fails without allocating (`if (!p) return -1; *out = p;`) does not leave its
            // caller something to free on every path, and the caller's failure branch would
            // otherwise be reported.
            let dp = Some((d, cfg.path(d)));
            let alloc = atom(PropKind::Alloc, f, dp);
            per_param.push((i, Question::AllocatesOut, eu(not(alloc), end.clone())));
            per_param.push((i, Question::WritesOut, ef(atom(PropKind::Def, f, dp))));
            per_param.push((i, Question::InputOut, ef(atom(PropKind::Input, f, dp))));
            per_param.push((i, Question::MayAllocateOut, ef(atom(PropKind::Alloc, f, dp))));
            let store = atom(PropKind::Store, f, dp);
            let fresh = and(atom(PropKind::Alloc, f, dp), not(store.clone()));
            let stays = not(any(vec![store, atom(PropKind::Def, f, dp), atom(PropKind::NullTest, f, dp)]));
            per_param.push((i, Question::AllocatesOutUninit, ef(and(fresh, ex(eu(stays, end.clone()))))));
            if cfg.path(d).class == goanna_ast::TypeClass::Integer {
                let def = atom(PropKind::Def, f, dp);
                let return_null = atom(PropKind::ReturnNull, f, None);
                let unwritten = eu(not(def.clone()), return_null.clone());
                let nonzero = and(def.clone(), not(atom(PropKind::AssignZero, f, dp)));
                let set_nonzero = ef(and(nonzero, ex(eu(not(def), return_null))));
                per_param.push((i, Question::NullLeavesOut, any(vec![unwritten, set_nonzero])));
            }
            if cfg.path(d).class == goanna_ast::TypeClass::Pointer {
                // What happens to the caller's pointer `*param` (directly or through a copy the
                // alias pass follows): freed on every returning path, dereferenced first.
                let free = atom(PropKind::Free, f, dp);
                let def = atom(PropKind::Def, f, dp);
                let null = atom(PropKind::NullTest, f, dp);
                let keeps = eu(not(any(vec![free.clone(), null.clone()])), any(vec![end.clone(), and(def.clone(), not(free))]));
                per_param.push((i, Question::KeepsPointee, keeps));
                let tested = any(vec![def, null, atom(PropKind::NonNullTest, f, dp)]);
                per_param.push((i, Question::DerefsPointee, Formula::AU(Box::new(not(tested)), Box::new(atom(PropKind::Deref, f, dp)))));
                // A callee that tests what it stored answers for it (its result says whether
                // it failed): only one that never looks hands a possible NULL on.
                let found = any(vec![atom(PropKind::Def, f, dp), atom(PropKind::NonNullTest, f, dp), atom(PropKind::NullTest, f, dp)]);
                // Only a new block's possible NULL (an allocation that may fail): a getter's
                // NULL stored through `*out` (`*value = raxGetData(h)`) is latent, decided by
                // data the callers' invariants may rule out.
                let new_block = and(atom(PropKind::MayBeNull, f, dp), atom(PropKind::Alloc, f, dp));
                let stored_null = and(new_block, ex(eu(not(found), end.clone())));
                per_param.push((i, Question::MayStoreNullOut, ef(stored_null)));
            }
        }
    }
    let mut returns_alloc = Vec::new();
    let mut returns_families: Vec<(PropKind, Vec<Formula>)> = FAMILY_ALLOCS.iter().map(|&k| (k, Vec::new())).collect();
    let mut may_return_null = Vec::new();
    let mut returns_stream = Vec::new();
    let mut returns_uninit = Vec::new();
    let mut returns_input = Vec::new();
    for (i, path) in cfg.paths.iter().enumerate() {
        let variable = matches!(path.root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param);
        if !path.is_variable() || !variable {
            continue;
        }
        let v = Some((PathId(i as u32), path));
        // An integer that holds a value read from input and is returned before it gets a new
        // one (`fscanf(stdin, "%d", &data); return data;`): the caller's result is input.
        if path.class == goanna_ast::TypeClass::Integer {
            let returned = and(ret.clone(), atom(PropKind::Use, f, v));
            returns_input.push(ef(and(atom(PropKind::Input, f, v), ex(eu(not(atom(PropKind::Def, f, v)), returned)))));
            continue;
        }
        // A parameter given a new value (`p = realloc(p, n); return p;`) returns what the
        // function made of it as a local would; the event (allocation, NULL, open) must come
        // first, so a parameter handed back unchanged says nothing.
        if path.class != goanna_ast::TypeClass::Pointer {
            continue;
        }
        let def = atom(PropKind::Def, f, v);
        let returned = and(ret.clone(), atom(PropKind::Escape, f, v));
        let stays = |stop: Formula| not(any(vec![def.clone(), stop]));
        // A block (or stream) handed on before it is returned (`*head = node; return node;`:
        // linked into a list that owns it) is not the caller's to release.
        let handed_on = and(atom(PropKind::Escape, f, v), not(ret.clone()));
        // A path on which the pointer was found NULL returns no block (`u = calloc(..); if (u)
        // { ...; *users = u; } return u;` hands on every block it returns).
        let released = |kind: PropKind| any(vec![atom(kind, f, v), handed_on.clone(), atom(PropKind::NullTest, f, v)]);
        returns_alloc.push(ef(and(atom(PropKind::Alloc, f, v), ex(eu(stays(released(PropKind::Free)), returned.clone())))));
        for (family, formulas) in returns_families.iter_mut() {
            formulas.push(ef(and(atom(*family, f, v), ex(eu(stays(released(PropKind::Free)), returned.clone())))));
        }
        returns_stream.push(ef(and(atom(PropKind::Fopen, f, v), ex(eu(stays(released(PropKind::Fclose)), returned.clone())))));
        let store = atom(PropKind::Store, f, v);
        let fresh = and(atom(PropKind::Alloc, f, v), not(store.clone()));
        // A path on which the pointer was found NULL returns no memory. A return that writes
        // the block as it returns it (`return memcpy(cp, str, len);`) returns it written.
        let stop = any(vec![atom(PropKind::Free, f, v), store.clone(), atom(PropKind::NullTest, f, v)]);
        let unwritten = ef(and(fresh.clone(), ex(eu(stays(stop), and(returned.clone(), not(store.clone()))))));
        // Undefined only when no path writes the block before returning it: a block filled in
        // a loop is returned unwritten only by the path that runs the loop no time, which the
        // callee's callers rule out (`build_map(32, 32)`, a count of positive entries).
        let written = ef(and(fresh, ex(eu(not(def.clone()), and(store, eu(not(def.clone()), returned.clone()))))));
        returns_uninit.push(and(unwritten, not(written)));
        may_return_null.push(ef(and(atom(PropKind::MayBeNull, f, v), ex(eu(stays(atom(PropKind::NonNullTest, f, v)), returned)))));
    }
    let returns_pointer = cfg
        .nodes
        .iter()
        .any(|n| n.kind == NodeKind::Return && n.props.iter().any(|p| matches!(p.kind, PropKind::Escape | PropKind::ReturnNull)));
    let null_from_locals = if returns_pointer { may_return_null.len() } else { 0 };
    if returns_pointer {
        may_return_null.push(ef(atom(PropKind::ReturnNull, f, None)));
    } else {
        may_return_null.clear();
    }
    let returned_vars = returned_variables(cfg);
    let returns_unfreed = returned_vars
        .iter()
        .map(|&id| {
            let v = Some((id, cfg.path(id)));
            let (free, def) = (atom(PropKind::Free, f, v), atom(PropKind::Def, f, v));
            let returned = and(ret.clone(), atom(PropKind::Escape, f, v));
            // From the entry or from a write that does not free it, a path reaches a `return` of
            // the variable without freeing or writing it.
            let unfreed = eu(not(any(vec![free.clone(), def.clone()])), returned);
            any(vec![unfreed.clone(), ef(and(and(def, not(free)), ex(unfreed)))])
        })
        .collect();
    let returns_maybe_null = returned_vars
        .iter()
        .flat_map(|&id| {
            let v = Some((id, cfg.path(id)));
            let def = atom(PropKind::Def, f, v);
            let found = any(vec![def.clone(), atom(PropKind::NonNullTest, f, v)]);
            let returned = and(ret.clone(), atom(PropKind::Escape, f, v));
            let unknown_value = and(def, not(any(vec![atom(PropKind::NonNull, f, v), atom(PropKind::NonHeap, f, v)])));
            let untested = eu(not(found), returned);
            [untested.clone(), ef(and(unknown_value, ex(untested)))]
        })
        .collect();
    let null_untested_all = (!param_null_tests.is_empty()).then(|| {
        let mut stops = param_rewrites;
        stops.push(atom(PropKind::ReturnNull, f, None));
        eu(not(any(param_null_tests)), any(stops))
    });
    // What happens to the block each carrier global held at the entry: the same questions as
    // for a pointer parameter.
    let mut per_global = Vec::new();
    for (id, clobbers) in carriers {
        let path = cfg.path(*id);
        let g = Some((*id, path));
        let usr = &path.root.usr;
        let mut defs = vec![atom(PropKind::Def, f, g)];
        defs.extend(clobbers.iter().map(|name| a(super::atoms::call_atom(name))));
        let def = any(defs);
        per_global.extend(held_block_questions(f, g, &def, &end).into_iter().map(|(kind, negated, q)| (usr.clone(), kind, negated, q)));
        // Some path uses the stream before a new value (as for a stream parameter).
        per_global.push((usr.clone(), PropKind::ResourceUse, false, eu(not(def.clone()), atom(PropKind::ResourceUse, f, g))));
    }
    // A pointer global the function writes itself on every path that returns gets a new value
    // at its calls: after `g = h; ...` in the callee, the caller's `g` no longer holds the
    // block it held (a `free(g)` before the call and one after it free different blocks).
    for (i, path) in cfg.paths.iter().enumerate() {
        let global = path.root.kind.is_static_storage() && path.steps.is_empty() && path.class == goanna_ast::TypeClass::Pointer;
        let id = PathId(i as u32);
        if !global || !cfg.nodes.iter().any(|n| n.props.iter().any(|p| p.kind == PropKind::Def && p.subject == goanna_cfg::Subject::Path(id))) {
            continue;
        }
        let def = atom(PropKind::Def, f, Some((id, path)));
        per_global.push((path.root.usr.clone(), PropKind::Def, true, eu(not(def), end.clone())));
    }
    let mut per_part = Vec::new();
    let mut parts_followed = vec![false; cfg.params.len()];
    for (i, param) in cfg.params.iter().enumerate() {
        let Some(parts) = super::parts::followed_parts(cfg, i) else { continue };
        parts_followed[i] = true;
        let by_pointer = param.is_some_and(|p| cfg.path(p).class == goanna_ast::TypeClass::Pointer);
        for part in parts {
            let v = Some((part.path, cfg.path(part.path)));
            let def = atom(PropKind::Def, f, v);
            per_part.extend(held_block_questions(f, v, &def, &end).into_iter().map(|(kind, negated, q)| (i, part.steps.clone(), kind, negated, q)));
            let taken = any(vec![atom(PropKind::Free, f, v), atom(PropKind::Escape, f, v), atom(PropKind::Fclose, f, v)]);
            per_part.push((i, part.steps.clone(), PropKind::Escape, false, eu(not(def.clone()), taken)));
            // A structure passed by value is the function's own copy: writing its members
            // changes nothing for the caller.
            if by_pointer {
                per_part.push((i, part.steps.clone(), PropKind::Def, false, ef(def)));
            }
        }
    }
    Questions {
        returns: ef(end),
        per_param,
        per_global,
        per_part,
        parts_followed,
        null_untested_all,
        returns_alloc,
        may_return_null,
        null_from_locals,
        returns_stream,
        returns_uninit,
        returns_input,
        returns_unfreed,
        returns_maybe_null,
        returns_families: returns_families.into_iter().filter(|(_, fs)| !fs.is_empty()).map(|(k, fs)| (k, any(fs))).collect(),
    }
}

/// The allocation propositions of the heap families (`malloc`, `new`, `new[]`).
const FAMILY_ALLOCS: [PropKind; 3] = [PropKind::AllocMalloc, PropKind::AllocNew, PropKind::AllocNewArray];
/// The release propositions of the heap families, in the same order.
const FAMILY_RELEASES: [PropKind; 3] = [PropKind::ReleaseFree, PropKind::ReleaseDelete, PropKind::ReleaseDeleteArray];

/// The questions about the block a pointer `v` held at the entry of function `f` (a carrier
/// global's, a part's of a parameter): freed, or closed, on every path that returns (the
/// effect holds when the formula does not: some returning path keeps it), and dereferenced
/// before any test or new value on every path. `def`: what gives the pointer a new value.
fn held_block_questions(f: FnIndex, v: Option<(PathId, &goanna_cfg::AccessPath)>, def: &Formula, end: &Formula) -> Vec<(PropKind, bool, Formula)> {
    use build::*;
    let null = atom(PropKind::NullTest, f, v);
    let mut out = Vec::new();
    for kind in [PropKind::Free, PropKind::Fclose] {
        let act = atom(kind, f, v);
        let keeps = eu(not(any(vec![act.clone(), null.clone()])), any(vec![end.clone(), and(def.clone(), not(act))]));
        out.push((kind, true, keeps));
    }
    let tested = any(vec![def.clone(), null, atom(PropKind::NonNullTest, f, v)]);
    out.push((PropKind::Deref, false, Formula::AU(Box::new(not(tested)), Box::new(atom(PropKind::Deref, f, v)))));
    out
}

/// The local and parameter pointers the reachable `return`s of `cfg` give back, when every one
/// of them gives back such a variable (none otherwise, and none without a `return`).
fn returned_variables(cfg: &Cfg) -> Vec<PathId> {
    let mut out: Vec<PathId> = Vec::new();
    for node in cfg.nodes.iter().filter(|n| n.reachable && n.kind == NodeKind::Return) {
        let returned: Vec<PathId> = node
            .props
            .iter()
            .filter(|p| p.kind == PropKind::Escape)
            .filter_map(|p| match p.subject {
                goanna_cfg::Subject::Path(id) => Some(id),
                _ => None,
            })
            .collect();
        let variables = returned.iter().all(|&id| {
            let path = cfg.path(id);
            path.is_variable()
                && matches!(path.root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param)
                && path.class == goanna_ast::TypeClass::Pointer
        });
        if returned.is_empty() || !variables {
            return Vec::new();
        }
        out.extend(returned);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Answers the questions of function `f` on its own model.
fn summarise(decide: &dyn Decide, model: &FlatModel, cfg: &Cfg, qs: &Questions) -> Summary {
    let n = cfg.params.len();
    let mut summary = Summary::nothing(n);
    let mut formulas: Vec<Formula> = vec![qs.returns.clone()];
    formulas.extend(qs.per_param.iter().map(|(_, _, formula)| formula.clone()));
    formulas.extend(qs.returns_alloc.iter().cloned());
    formulas.extend(qs.may_return_null.iter().cloned());
    formulas.extend(qs.returns_stream.iter().cloned());
    formulas.extend(qs.returns_uninit.iter().cloned());
    formulas.extend(qs.returns_input.iter().cloned());
    formulas.extend(qs.null_untested_all.iter().cloned());
    formulas.extend(qs.returns_unfreed.iter().cloned());
    formulas.extend(qs.returns_maybe_null.iter().cloned());
    formulas.extend(qs.per_global.iter().map(|(_, _, _, formula)| formula.clone()));
    formulas.extend(qs.per_part.iter().map(|(_, _, _, _, formula)| formula.clone()));
    formulas.extend(qs.returns_families.iter().map(|(_, formula)| formula.clone()));
    let entry = 0; // the model's entry state
    let sat = decide.satisfying(&model.model, 0, &formulas);
    let at_entry: Vec<bool> = sat.iter().map(|nodes| nodes.contains(&entry)).collect();
    let returns = at_entry[0];
    let mut null_untested = vec![true; n];
    let mut leaves_out = vec![true; n];
    for (k, (i, question, _)) in qs.per_param.iter().enumerate() {
        let holds = at_entry[k + 1];
        match question {
            // A function that never returns frees nothing for its callers.
            Question::KeepsSome => summary.frees_all[*i] = returns && !holds,
            Question::KeepsPointee => summary.frees_pointee[*i] = returns && !holds,
            Question::DerefsPointee => summary.derefs_pointee[*i] = holds,
            Question::Takes => summary.takes[*i] = holds,
            Question::MayFree => summary.may_free[*i] = holds,
            Question::Derefs => summary.derefs[*i] = holds,
            Question::Divides => summary.divides[*i] = holds,
            Question::Grows => summary.grows[*i] = holds,
            Question::AllocatesOut => summary.allocates_out[*i] = returns && !holds,
            Question::WritesOut => summary.writes_out[*i] = holds,
            Question::InputOut => summary.input_out[*i] = holds,
            Question::MayAllocateOut => summary.may_allocate_out[*i] = holds,
            Question::AllocatesOutUninit => summary.allocates_out_uninit[*i] = holds,
            Question::KeepsOpen => summary.closes_all[*i] = returns && !holds,
            Question::UsesStream => summary.uses_stream[*i] = holds,
            Question::NullUntested => null_untested[*i] = holds,
            Question::NullLeavesOut => leaves_out[*i] = holds,
            Question::MayStoreNullOut => summary.out_may_be_null[*i] = holds,
            Question::Releases(kind) => {
                if holds {
                    summary.releases[*i].push(*kind);
                }
            }
        }
    }
    let base = qs.per_param.len() + 1;
    let (rest, families) = at_entry[base..].split_at(at_entry.len() - base - qs.returns_families.len());
    summary.returns_families = qs.returns_families.iter().zip(families).filter(|(_, &holds)| holds).map(|((k, _), _)| *k).collect();
    let (alloc, rest) = rest.split_at(qs.returns_alloc.len());
    let (null, rest) = rest.split_at(qs.may_return_null.len());
    let (stream, rest) = rest.split_at(qs.returns_stream.len());
    let (uninit, rest) = rest.split_at(qs.returns_uninit.len());
    let (input, rest) = rest.split_at(qs.returns_input.len());
    let (rest, parts) = rest.split_at(rest.len() - qs.per_part.len());
    for ((i, members, kind, negated, _), &holds) in qs.per_part.iter().zip(parts) {
        let effect = if *negated { returns && !holds } else { holds };
        if effect {
            summary.part_effects.push((*i, members.clone(), *kind));
        }
    }
    summary.parts_followed = qs.parts_followed.clone();
    let (rest, globals) = rest.split_at(rest.len() - qs.per_global.len());
    for ((usr, kind, negated, _), &holds) in qs.per_global.iter().zip(globals) {
        let effect = if *negated { returns && !holds } else { holds };
        if effect && !summary.global_effects.iter().any(|(u, k)| u == usr && k == kind) {
            summary.global_effects.push((usr.clone(), *kind));
        }
    }
    let (rest, maybe_null) = rest.split_at(rest.len() - qs.returns_maybe_null.len());
    let (untested_all, unfreed) = rest.split_at(rest.len() - qs.returns_unfreed.len());
    summary.returns_freed = returns && !unfreed.is_empty() && unfreed.iter().all(|&b| !b);
    summary.returns_alloc = alloc.iter().any(|&b| b);
    summary.may_return_null = null.iter().any(|&b| b);
    summary.returns_nonnull = returns && !summary.may_return_null && !maybe_null.is_empty() && maybe_null.iter().all(|&b| !b);
    // NULL only where a parameter was found NULL: no local that may be NULL is returned, and
    // every path to a `return NULL` tested the parameter first.
    let from_locals = null.iter().take(qs.null_from_locals).any(|&b| b);
    if summary.may_return_null && !from_locals {
        for (i, untested) in null_untested.iter().enumerate() {
            summary.null_only_if_null[i] = !untested;
        }
        for (i, leaves) in leaves_out.iter().enumerate() {
            summary.null_zeroes_out[i] = !leaves;
        }
        summary.null_only_if_param_null = untested_all.first() == Some(&false);
    }
    summary.returns_stream = stream.iter().any(|&b| b);
    summary.returns_uninit = uninit.iter().any(|&b| b);
    summary.returns_input = input.iter().any(|&b| b);
    let mut returns = cfg.nodes.iter().filter(|n| n.reachable && n.kind == NodeKind::Return).peekable();
    summary.returns_static_addr =
        returns.peek().is_some() && returns.all(|n| n.props.iter().any(|p| p.kind == PropKind::ReturnStaticAddr));
    summary
}

/// [`Summary::reads_only`] of the function `f` whose call nodes have the callee effects
/// `effects`: for each pointer parameter, whether nothing in the function may write what it
/// points to.
fn reads_only(cfg: &Cfg, f: FnIndex, effects: &CallEffects) -> Vec<bool> {
    use goanna_cfg::{PathStep, Subject};
    let mut out = vec![false; cfg.params.len()];
    for (i, param) in cfg.params.iter().enumerate() {
        let Some(p) = *param else { continue };
        let param_path = cfg.path(p);
        if param_path.class != goanna_ast::TypeClass::Pointer {
            continue;
        }
        let rooted = |x: PathId| cfg.paths.get(x.0 as usize).is_some_and(|q| q.root == param_path.root);
        let writes = cfg.node_ids().any(|n| {
            let node = cfg.node(n);
            let is_call = matches!(node.kind, NodeKind::Call(_));
            let fx = effects.get(&(f, n)).map_or(&[][..], |v| &v[..]);
            let summarised_read = |x: PathId| fx.contains(&(PropKind::ReadsOnly, x));
            node.props.iter().any(|q| {
                let Subject::Path(x) = q.subject else { return false };
                match q.kind {
                    // Passed to a callee that only reads through it, or to a const parameter.
                    PropKind::Store => rooted(x) && !(is_call && summarised_read(x)),
                    PropKind::Escape => rooted(x) && node.kind != NodeKind::Return && !(is_call && (summarised_read(x) || node.only_loads_through(&q.subject))),
                    // A copy of it (`q = p`, `q = p + 1`) may be written through later.
                    PropKind::Copy => q.value.and_then(|v| u32::try_from(v).ok()).is_some_and(|v| rooted(PathId(v))),
                    PropKind::Def | PropKind::DeclInit => {
                        rooted(x) && cfg.path(x).steps.iter().any(|s| matches!(s, PathStep::Arrow(_) | PathStep::Deref))
                    }
                    PropKind::AddrTaken | PropKind::Free | PropKind::Interior | PropKind::Offset => rooted(x),
                    _ => false,
                }
            })
        });
        out[i] = !writes;
    }
    out
}

/// [`Summary::writes_members`] of the function `f` whose call nodes have the callee effects
/// `effects`; `members_of` gives what its callees may write through their parameters (for the
/// functions of its own component of the call graph, the current step of the component's
/// fixpoint, [`component_writes_members`]).
fn writes_members<'s>(program: &Program<'_>, f: FnIndex, effects: &CallEffects, members_of: &dyn Fn(FnIndex) -> &'s [Option<Vec<String>>]) -> Vec<Option<Vec<String>>> {
    use goanna_cfg::{PathStep, Subject};
    let cfg = program.cfg(f);
    let mut out = vec![None; cfg.params.len()];
    for (i, param) in cfg.params.iter().enumerate() {
        let Some(p) = *param else { continue };
        let param_path = cfg.path(p);
        if param_path.class != goanna_ast::TypeClass::Pointer {
            continue;
        }
        let rooted = |x: PathId| cfg.paths.get(x.0 as usize).is_some_and(|q| q.root == param_path.root);
        // The member a path through the parameter starts with (`sc->wp0->fd`: `wp0`), or
        // [`WHOLE_POINTEE`] (`*sc`, `**sc`); `None` for what may lie beside the pointee
        // (`sc[i]`) and for `sc` itself.
        let member = |x: PathId| match cfg.path(x).steps.split_first() {
            Some((PathStep::Arrow(_), _)) => goanna_cfg::member_chain(&cfg.path(x).steps),
            Some((PathStep::Deref, _)) => Some(WHOLE_POINTEE.to_string()),
            _ => None,
        };
        // Where the function stores the pointer itself in memory (`cf->c = c`): writes through
        // that copy (`cf->c->references++`) are writes through the parameter.
        let copies: Vec<&goanna_cfg::AccessPath> = cfg
            .nodes
            .iter()
            .flat_map(|node| node.props.iter())
            .filter(|q| q.kind == PropKind::Copy && q.value == Some(i64::from(p.0)))
            .filter_map(|q| match q.subject {
                Subject::Path(t) => Some(cfg.path(t)).filter(|t| !t.is_variable()),
                _ => None,
            })
            .collect();
        // The member of the pointee a path through a copy names (`cf->c->references`:
        // `references`), `Some(None)` for the pointee as a whole; `None` when the path is not
        // through a copy.
        let through_copy = |x: PathId| -> Option<Option<String>> {
            let path = cfg.path(x);
            let copy = copies.iter().find(|c| c.root == path.root && path.steps.len() > c.steps.len() && path.steps.starts_with(&c.steps))?;
            Some(match &path.steps[copy.steps.len()] {
                PathStep::Arrow(m) => Some(m.clone()),
                _ => None,
            })
        };
        let is_copy = |x: PathId| {
            let path = cfg.path(x);
            copies.iter().any(|c| c.root == path.root && c.steps == path.steps)
        };
        let mut written: Vec<String> = Vec::new();
        let mut any = false;
        'nodes: for n in cfg.node_ids() {
            let node = cfg.node(n);
            if !node.reachable {
                continue;
            }
            let fx = effects.get(&(f, n)).map_or(&[][..], |v| &v[..]);
            let call = match &node.kind {
                NodeKind::Call(site) => Some(site),
                _ => None,
            };
            // A callee that keeps a pointer member (`sc->cwd`) may have what is below that
            // member written later. One that keeps the pointer itself (links the object into a
            // list) writes through it what its summary's `writes_members` says, counted at the
            // pointer's `store` below: what code that later finds the object through the kept
            // copy writes is no write of this call, as a caller's call that is not given the
            // pointer does not write what it points to (`Frame::clobbers`).
            for &(kind, x) in fx.iter().filter(|&&(kind, x)| matches!(kind, PropKind::Escape | PropKind::AddrTaken) && rooted(x)) {
                match member(x) {
                    Some(m) => written.push(m),
                    None if kind == PropKind::Escape && cfg.path(x).steps.is_empty() => {}
                    None => any = true,
                }
            }
            if any {
                break 'nodes;
            }
            for q in &node.props {
                let Subject::Path(x) = q.subject else { continue };
                let summarised_read = call.is_some() && fx.contains(&(PropKind::ReadsOnly, x));
                let through = rooted(x);
                // Through a copy kept in memory.
                if !through && !copies.is_empty() {
                    let writes = matches!(
                        q.kind,
                        PropKind::Def | PropKind::DeclInit | PropKind::AddrTaken | PropKind::Free | PropKind::Escape | PropKind::Interior | PropKind::Offset
                    );
                    match through_copy(x) {
                        Some(Some(m)) if writes => written.push(m),
                        Some(None) if writes => any = true,
                        _ => {}
                    }
                    // The copy itself handed to a call that may write through it.
                    if q.kind == PropKind::Store && is_copy(x) && call.is_some_and(|site| site.args.contains(&Some(x))) && !summarised_read {
                        any = true;
                    }
                    if any {
                        break 'nodes;
                    }
                }
                match q.kind {
                    // The parameter given another value: its writes reach other memory.
                    // (Set to NULL, `if (attached) c = NULL;`, it reaches nothing.)
                    PropKind::Def | PropKind::DeclInit
                        if through && cfg.path(x).steps.is_empty() && node.props.iter().any(|a| a.kind == PropKind::AssignNull && a.subject == q.subject) => {}
                    PropKind::Def | PropKind::DeclInit if through && cfg.path(x).steps.is_empty() => any = true,
                    PropKind::Def | PropKind::DeclInit if through => match member(x) {
                        Some(m) => written.push(m),
                        None => any = true,
                    },
                    // The store of an assignment of the pointee (`*a = v`): its `def` says so.
                    PropKind::Store if through && call.is_none() && assigns_pointee_of(cfg, node, x) => {}
                    // The store of a member assignment (`sc->wp0 = p`, also of a call's result
                    // when the call is not given the pointer: `c->list = listCreate()`): the
                    // member's `def` says which.
                    PropKind::Store if through && assigns_member_of(cfg, node, x) && call.is_none_or(|site| !site.args.contains(&Some(x))) => {}
                    // The pointer itself stored into memory (`cf->c = c`): kept, not written
                    // through; the writes through that copy are followed above.
                    PropKind::Store
                        if through
                            && call.is_none()
                            && cfg.path(x).steps.is_empty()
                            && !node.props.iter().any(|d| d.kind == PropKind::Deref && d.subject == q.subject)
                            && node.props.iter().all(|d| {
                                !matches!(d.kind, PropKind::Def | PropKind::DeclInit)
                                    || matches!(d.subject, goanna_cfg::Subject::Path(w) if !cfg.path(w).is_variable())
                            }) => {}
                    PropKind::Store if through && !summarised_read => {
                        // Passed to functions of the program (the callee, or every target of a
                        // call through a pointer whose targets are known): what their summaries
                        // say they write through that parameter, below the member passed.
                        let targets = call.and_then(|_| program.every_callee_at(f, n));
                        let through_param = |k: usize| -> Option<Vec<String>> {
                            let mut members = Vec::new();
                            for &g in targets.as_deref()? {
                                members.extend(members_of(g).get(k).cloned().flatten()?);
                            }
                            Some(members)
                        };
                        let callee = call.and_then(|site| {
                            targets.as_ref()?;
                            let k = site.args.iter().position(|a| *a == Some(x))?;
                            Some(through_param(k))
                        });
                        // Given only the address of a member (`link(list, &c->node)`) of a
                        // function of the program that writes nothing but members of what it is
                        // given through it (no pointer arithmetic out of it): it writes inside
                        // that member.
                        let inside_members = || -> Option<Vec<String>> {
                            let site = call?;
                            if site.args.contains(&Some(x)) {
                                return None;
                            }
                            let mut members = Vec::new();
                            for (k, a) in site.address_args.iter().enumerate() {
                                let Some(a) = *a else { continue };
                                if !rooted(a) {
                                    continue;
                                }
                                through_param(k)?;
                                members.push(member(a)?);
                            }
                            (!members.is_empty()).then_some(members)
                        };
                        // Whatever writes through a pointer reached through a member writes below
                        // that member.
                        match (member(x), callee) {
                            (Some(m), _) => written.push(m),
                            (None, Some(Some(members))) => written.extend(members),
                            _ => match inside_members() {
                                Some(members) => written.extend(members),
                                None => any = true,
                            },
                        }
                    }
                    // Kept in memory or returned, not written.
                    PropKind::Escape if call.is_none() && !node.props.iter().any(|p| p.kind == PropKind::Call) => {}
                    // Passed to a function of the program: the front end's assumption that an
                    // unknown callee keeps it is not that callee's; its summary's own `escape`
                    // (it takes the pointer) is among the call's effects, followed above.
                    PropKind::Escape if call.is_some() && program.callee_at(f, n).is_some() => {}
                    PropKind::Escape if through && node.kind != NodeKind::Return && !summarised_read && !node.only_loads_through(&q.subject) => match member(x) {
                        Some(m) => written.push(m),
                        None => any = true,
                    },
                    // A copy of the pointer may be written through anywhere; a copy of a pointer
                    // member (`w = sc->wl->window`) only below that member.
                    // A copy into memory (`cf->c = c`): followed above.
                    PropKind::Copy if matches!(q.subject, goanna_cfg::Subject::Path(t) if !cfg.path(t).is_variable()) => {}
                    PropKind::Copy => {
                        if let Some(source) = q.value.and_then(|v| u32::try_from(v).ok()).map(PathId).filter(|&v| (v.0 as usize) < cfg.paths.len() && rooted(v)) {
                            match member(source) {
                                Some(m) => written.push(m),
                                None => any = true,
                            }
                        }
                    }
                    // An address handed on, a block freed or moved within: below its member, if any.
                    PropKind::AddrTaken | PropKind::Free | PropKind::Interior | PropKind::Offset if through => match member(x) {
                        Some(m) => written.push(m),
                        None => any = true,
                    },
                    _ => {}
                }
                if any {
                    break 'nodes;
                }
            }
        }
        if !any {
            written.sort();
            written.dedup();
            out[i] = Some(written);
        }
    }
    out
}

/// True when the member chains `a` and `b` ([`goanna_cfg::member_chain`]) name overlapping memory: one is
/// the other or contains it (`rp` and `rp.response`), or either is the whole pointee.
pub fn chains_overlap(a: &str, b: &str) -> bool {
    let within = |inner: &str, outer: &str| inner.len() > outer.len() && inner.starts_with(outer) && inner.as_bytes()[outer.len()] == b'.';
    a == b || a == WHOLE_POINTEE || b == WHOLE_POINTEE || within(a, b) || within(b, a)
}

/// What [`Summary::writes_members`] lists for a write of the pointee as a whole (`*a = v` in
/// `void_ptr_swap(void **a, void **b)`): every member of a structure passed, or all of the
/// member whose address is passed (`void_ptr_swap(&d->ctx, &ct->ctx)` writes `ct->ctx` and
/// nothing else of `*ct`).
pub const WHOLE_POINTEE: &str = "*";

/// True when `node` assigns the pointee of the pointer path `x` (`*x = v`): its `store_x` is
/// that assignment's.
fn assigns_pointee_of(cfg: &Cfg, node: &goanna_cfg::Node, x: PathId) -> bool {
    let base = cfg.path(x);
    node.props.iter().any(|d| {
        matches!(d.kind, PropKind::Def | PropKind::DeclInit)
            && matches!(d.subject, goanna_cfg::Subject::Path(w) if cfg.paths.get(w.0 as usize).is_some_and(|w| {
                w.root == base.root && w.steps.len() > base.steps.len() && w.steps.starts_with(&base.steps) && matches!(w.steps[base.steps.len()], goanna_cfg::PathStep::Deref)
            }))
    })
}

/// True when `node` assigns a member reached through the pointer path `x` (`x->f = v`,
/// `x->f.g = v`): its `store_x` is that assignment's.
fn assigns_member_of(cfg: &Cfg, node: &goanna_cfg::Node, x: PathId) -> bool {
    let base = cfg.path(x);
    node.props.iter().any(|d| {
        d.kind == PropKind::Def
            && matches!(d.subject, goanna_cfg::Subject::Path(w) if cfg.paths.get(w.0 as usize).is_some_and(|w| {
                w.root == base.root && w.steps.len() > base.steps.len() && w.steps.starts_with(&base.steps) && matches!(w.steps[base.steps.len()], goanna_cfg::PathStep::Arrow(_))
            }))
    })
}

/// The propositions the call at `node` gets from its callee's summary.
/// `unchecked_null`: the program's call sites do not test the callee's result for NULL
/// ([`NullConventions::unchecked`]), so its NULL return is not passed on.
fn site_effects(cfg: &Cfg, node: goanna_cfg::NodeId, s: &Summary, unchecked_null: bool) -> Vec<(PropKind, PathId)> {
    let NodeKind::Call(site) = &cfg.node(node).kind else { return Vec::new() };
    let mut props = Vec::new();
    for (i, arg) in site.args.iter().enumerate() {
        let Some(x) = *arg else { continue };
        // An integer the callee divides by on every path before testing it: the caller's
        // variable is a divisor at the call (`n = 0; average(sum, n);`).
        if cfg.path(x).class == goanna_ast::TypeClass::Integer && s.divides.get(i) == Some(&true) {
            props.push((PropKind::DivBy, x));
        }
        // One it grows on every path before bounding it: the caller's variable grows at the
        // call (`n = INT_MAX; twice(n);`), when the parameter's type holds all its values.
        if s.grows.get(i) == Some(&true) && cfg.path(x).int_type().is_some_and(|ty| ty.signed) {
            props.push((PropKind::Grows, x));
        }
        if cfg.path(x).class != goanna_ast::TypeClass::Pointer {
            continue;
        }
        // The release functions some path applies to it: a sink that `delete`s what it is given.
        props.extend(s.releases.get(i).into_iter().flatten().map(|&k| (k, x)));
        if s.frees_all.get(i) == Some(&true) {
            props.push((PropKind::Free, x));
        } else if s.closes_all.get(i) == Some(&true) {
            props.push((PropKind::Fclose, x));
        } else if s.takes.get(i) == Some(&true) {
            props.push((PropKind::Escape, x));
        }
        if s.derefs.get(i) == Some(&true) {
            props.push((PropKind::Deref, x));
        }
        if s.uses_stream.get(i) == Some(&true) {
            props.push((PropKind::ResourceUse, x));
        }
        if s.reads_only.get(i) == Some(&true) {
            props.push((PropKind::ReadsOnly, x));
        }
    }
    // The address of a member of a block (`f(&obj->base)`, a base-class initialiser that
    // returns or keeps its argument, a destructor of the base that frees it): the block `obj`
    // points to is what the callee takes or frees, as `free(&obj->base)` frees it.
    for (i, x) in site.address_args.iter().enumerate() {
        let Some(x) = *x else { continue };
        let frees = s.frees_all.get(i) == Some(&true);
        if s.takes.get(i) != Some(&true) && !frees {
            continue;
        }
        let member = cfg.path(x);
        if !matches!(member.steps.first(), Some(PathStep::Arrow(_))) {
            continue;
        }
        let block = cfg.paths.iter().position(|p| p.root == member.root && p.is_variable() && p.class == goanna_ast::TypeClass::Pointer);
        if let Some(b) = block {
            props.push((if frees { PropKind::Free } else { PropKind::Escape }, PathId(b as u32)));
        }
    }
    // What the callee does to the pointer its parameter points to: to `p` for `f(&p)`.
    for (i, x) in site.address_args.iter().enumerate() {
        let Some(x) = *x else { continue };
        if cfg.path(x).class != goanna_ast::TypeClass::Pointer {
            continue;
        }
        if s.frees_pointee.get(i) == Some(&true) {
            props.push((PropKind::Free, x));
        }
        if s.derefs_pointee.get(i) == Some(&true) {
            props.push((PropKind::Deref, x));
        }
    }
    // What the callee does to the pointers in the members of a structure it is given: to
    // `s.first` for `f(s)` or `f(&s)`, to `ps->first` for `f(ps)`.
    for (i, followed) in s.parts_followed.iter().enumerate() {
        let Some(root) = super::parts::argument_root(site, i).filter(|_| *followed) else { continue };
        props.push((PropKind::PartsFollowed, root));
        for (_, members, kind) in s.part_effects.iter().filter(|(j, ..)| *j == i) {
            let Some(x) = super::parts::caller_part(cfg, site, i, members) else { continue };
            let frees = s.part_effects.iter().any(|(j, m, k)| *j == i && m == members && matches!(k, PropKind::Free | PropKind::Fclose));
            if *kind == PropKind::Escape && frees {
                continue;
            }
            props.push((*kind, x));
        }
    }
    // What the callee stores through its parameter: into `p` for `f(&p)`, into `*out` for
    // `f(out)` (a wrapper passing its own out-parameter on). A write on some path is a new
    // value (`def`: facts about the old one end, as after an assignment the caller cannot see);
    // a new block (`alloc`: the caller must free it) only when it is stored on every path, or
    // wherever the result says success.
    for i in 0..site.args.len() {
        let Some(x) = super::status::out_target(cfg, site, i) else { continue };
        // With a return-code convention, the block is there wherever the result says success,
        // and the branch where it says failure owns nothing ([`super::status`]).
        let by_convention = s.may_allocate_out.get(i) == Some(&true)
            && s.out_conventions.get(i).copied().flatten().is_some_and(|c| c.fresh_on_success);
        let allocates = s.allocates_out.get(i) == Some(&true) || by_convention;
        if allocates || s.writes_out.get(i) == Some(&true) {
            props.push((PropKind::Def, x));
            // The write is through the address the call is given (`&p`), even when the
            // argument's `addr_taken_p` went to a node of its own (`f(&p, c ? a : b)`).
            if site.address_args.get(i).is_some_and(Option::is_some) {
                props.push((PropKind::AddrTaken, x));
            }
        }
        if s.out_may_be_null.get(i) == Some(&true) {
            props.push((PropKind::MayBeNull, x));
        }
        if s.input_out.get(i) == Some(&true) && cfg.path(x).class == goanna_ast::TypeClass::Integer {
            props.push((PropKind::Input, x));
        }
        if allocates {
            props.push((PropKind::Alloc, x));
            // A block the callee wrote (or may have) has defined contents.
            if s.allocates_out_uninit.get(i) != Some(&true) {
                props.push((PropKind::Store, x));
            }
        }
    }
    if let Some(r) = site.result {
        if s.returns_alloc {
            props.push((PropKind::Alloc, r));
            props.extend(s.returns_families.iter().map(|&k| (k, r)));
            // Memory the callee wrote (or may have) before returning it has defined contents.
            if !s.returns_uninit {
                props.push((PropKind::Store, r));
            }
        }
        if s.returns_stream {
            props.push((PropKind::Fopen, r));
        }
        if s.returns_input && cfg.path(r).class == goanna_ast::TypeClass::Integer {
            props.push((PropKind::Input, r));
        }
        if s.returns_freed {
            props.push((PropKind::Dangling, r));
        }
        // A callee whose NULL is only its NULL argument handed back returns NULL here only when
        // the argument is a null pointer constant; any other argument is the caller's to check.
        let defensive_only = s.null_only_if_param_null && site.null_args.is_empty();
        // The program's habit of not testing the result silences a manifest NULL; a latent
        // one is reported only where the path forces it, which no habit excuses.
        let ignored_by_convention = unchecked_null && !s.null_latent;
        if s.may_return_null && !ignored_by_convention && !defensive_only {
            props.push((PropKind::MayBeNull, r));
        }
        if s.returns_static_addr {
            props.push((PropKind::NonHeap, r));
        }
        if s.returns_nonnull && !s.returns_static_addr {
            props.push((PropKind::NonNull, r));
        }
    }
    props
}

/// The summary that holds at a call that knows `known` of the callee's selectors and passes
/// `constants` to its deciding parameters: the first summary specialised to a selector value
/// that matches, else the one specialised to those constants, else the callee's own.
fn at_call<'s>(summary: &'s Summary, known: &[(String, bool)], constants: Option<&[(usize, i64)]>) -> &'s Summary {
    known
        .iter()
        .find_map(|(usr, nonzero)| summary.by_selector.iter().find(|(u, v, _)| u == usr && v == nonzero).map(|(_, _, s)| s))
        .or_else(|| constants.and_then(|c| summary.by_constants.iter().find(|(k, _)| k[..] == *c).map(|(_, s)| s)))
        .unwrap_or(summary)
}

/// The propositions a call gets from its callee's [`Summary::global_effects`]: about the
/// caller's own name for each global (a global the caller never names is not bound here).
fn global_site_effects(cfg: &Cfg, s: &Summary) -> Vec<(PropKind, PathId)> {
    if s.global_effects.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (usr, kind) in &s.global_effects {
        let named = cfg.paths.iter().position(|p| p.root.usr == *usr && p.steps.is_empty() && p.root.kind.is_static_storage());
        if let Some(i) = named {
            out.push((*kind, PathId(i as u32)));
        }
    }
    out
}

/// The effects on call nodes that come from [`Summary::global_effects`] (all of `effects`
/// that [`global_site_effects`] gives): the whole-program structure leaves them out, since
/// its boxes show what the callee does to the global itself.
pub fn global_summary_effects(program: &Program<'_>, summaries: &[Summary]) -> rustc_hash::FxHashSet<(FnIndex, goanna_cfg::NodeId, PropKind, PathId)> {
    let mut out = rustc_hash::FxHashSet::default();
    for f in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(f);
        for &(node, callee) in &program.calls[f as usize] {
            for (kind, id) in global_site_effects(cfg, &summaries[callee as usize])
                .into_iter()
                .chain(summaries[callee as usize].by_selector.iter().flat_map(|(_, _, s)| global_site_effects(cfg, s)))
                .chain(summaries[callee as usize].by_constants.iter().flat_map(|(_, s)| global_site_effects(cfg, s)))
            {
                out.insert((f, node, kind, id));
            }
        }
    }
    out
}

/// Fewest call sites that store a function's pointer result before the program's habit counts.
const CONVENTION_MIN_SITES: usize = 4;

/// What the program's call sites believe about the NULL results of its functions (Engler et
/// al., "Bugs as deviant behavior": what most of the program does is the belief; Coverity's
/// NULL_RETURNS counts the same).
struct NullConventions {
    /// Per function: at least [`CONVENTION_MIN_SITES`] call sites store its pointer result
    /// and fewer than a quarter of them ever test it for NULL. Such a function gives its
    /// callers no `may_be_null`: its NULL return is a corner the program has decided to ignore
    /// (an allocation wrapper whose failure handler ends the program through a function
    /// pointer, say), and reporting every one of its call sites would bury the real findings.
    unchecked: Vec<bool>,
    /// Per function: at least [`CONVENTION_MIN_SITES`] call sites store its pointer result
    /// and at least nine in ten of them test it. Its NULL counts as manifest even when it
    /// depends on the inputs ([`Summary::null_latent`] stays false): the program itself says
    /// the result must be checked (an allocator behind a function pointer, a look-up whose
    /// callers test for "not found"), so a call site that does not is the deviant one. Where
    /// more sites go untested (lighttpd's header getters: one in five, each after a test of
    /// the header's presence bit), not testing is a convention of its own, kept by a data
    /// invariant, and the untested sites are not deviants.
    checked: Vec<bool>,
}

/// The paths each node of `cfg` compares with NULL: in a branch (`null_test`/`nonnull_test`) or
/// in a value (`return n != NULL;`, `found = !p;`). Indexed by node.
fn null_compared_paths(cfg: &Cfg) -> Vec<Vec<PathId>> {
    use goanna_cfg::{ValBinOp, ValExpr, ValUnOp, ValueOp};
    let path = |e: &ValExpr| match e {
        ValExpr::Path(p) => Some(*p),
        ValExpr::Cast(_, x) => match **x {
            ValExpr::Path(p) => Some(p),
            _ => None,
        },
        _ => None,
    };
    let is_zero = |e: &ValExpr| matches!(e, ValExpr::Const(0) | ValExpr::MacroConst(0));
    cfg.nodes
        .iter()
        .map(|node| {
            let mut out = Vec::new();
            for p in &node.props {
                if let (PropKind::NullTest | PropKind::NonNullTest, goanna_cfg::Subject::Path(id)) = (p.kind, &p.subject) {
                    out.push(*id);
                }
            }
            for op in &node.values {
                let (ValueOp::Assign { value: root, .. } | ValueOp::Return(root) | ValueOp::Cond(root)) = op else { continue };
                // A visit: the closure records and never stops the walk.
                root.any(|e| {
                    let compared = match e {
                        ValExpr::Binary { op: ValBinOp::Eq | ValBinOp::Ne, lhs, rhs, .. } if is_zero(rhs) => path(lhs),
                        ValExpr::Binary { op: ValBinOp::Eq | ValBinOp::Ne, lhs, rhs, .. } if is_zero(lhs) => path(rhs),
                        ValExpr::Unary(ValUnOp::Not, _, x) => path(x),
                        _ => None,
                    };
                    out.extend(compared);
                    false
                });
            }
            out
        })
        .collect()
}

/// Most nodes [`tests_before_redefined`] visits from one call site.
const MAX_TEST_SEARCH: usize = 4096;

/// Whether some path from the call node `call` compares its result `result` with NULL before
/// `result` is written again: testing the variable after it received another function's result
/// (`wl = add(..); ...; wl = find(..); if (wl == NULL)`) does not test this call's.
fn tests_before_redefined(cfg: &Cfg, compared: &[Vec<PathId>], call: goanna_cfg::NodeId, result: PathId) -> bool {
    let writes = |n: goanna_cfg::NodeId| {
        cfg.node(n).props.iter().any(|p| {
            matches!(p.kind, PropKind::Def | PropKind::DeclInit | PropKind::Decl) && p.subject == goanna_cfg::Subject::Path(result)
        })
    };
    if compared[call.index()].contains(&result) {
        return true;
    }
    let mut seen: rustc_hash::FxHashSet<goanna_cfg::NodeId> = rustc_hash::FxHashSet::default();
    let mut stack: Vec<goanna_cfg::NodeId> = cfg.node(call).succs.iter().map(|e| e.target).collect();
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        if seen.len() > MAX_TEST_SEARCH {
            // Too far to follow: count it as tested, as the whole-function view did.
            return true;
        }
        // A condition that compares the variable it assigns (`if ((p = g()) == NULL)`) tests
        // the new value, not this call's.
        if writes(n) {
            continue;
        }
        if compared[n.index()].contains(&result) {
            return true;
        }
        stack.extend(cfg.node(n).succs.iter().map(|e| e.target));
    }
    false
}

/// Counts, per function, the call sites that store its pointer result and those that test it.
fn null_conventions(program: &Program<'_>) -> NullConventions {
    let mut sites = vec![0usize; program.functions.len()];
    let mut checked = vec![0usize; program.functions.len()];
    for f in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(f);
        let mut compared: Option<Vec<Vec<PathId>>> = None;
        for &(node, callee) in &program.calls[f as usize] {
            let NodeKind::Call(site) = &cfg.node(node).kind else { continue };
            let Some(r) = site.result else { continue };
            if cfg.path(r).class != goanna_ast::TypeClass::Pointer {
                continue;
            }
            sites[callee as usize] += 1;
            if tests_before_redefined(cfg, compared.get_or_insert_with(|| null_compared_paths(cfg)), node, r) {
                checked[callee as usize] += 1;
            }
        }
    }
    let counted = || sites.iter().zip(&checked).map(|(&n, &c)| (n >= CONVENTION_MIN_SITES, n, c));
    NullConventions {
        unchecked: counted().map(|(enough, n, c)| enough && c * 4 < n).collect(),
        checked: counted().map(|(enough, n, c)| enough && c * 10 >= n * 9).collect(),
    }
}

/// The effects of `f`'s calls given its callees' summaries.
fn effects_of<'s>(
    program: &Program<'_>,
    f: FnIndex,
    summary_of: &dyn Fn(FnIndex) -> &'s Summary,
    unchecked_null: &[bool],
    contexts: &CallContexts,
) -> CallEffects {
    let mut effects = CallEffects::default();
    let cfg = program.cfg(f);
    for &(node, callee) in &program.calls[f as usize] {
        let unchecked = unchecked_null.get(callee as usize).copied().unwrap_or(false);
        let summary = contexts.summary_at(summary_of(callee), f, node);
        let mut props = site_effects(cfg, node, summary, unchecked);
        props.extend(global_site_effects(cfg, summary));
        if !props.is_empty() {
            effects.insert((f, node), props);
        }
    }
    // A function outside the program given the address of a pointer (`format(&cmd, ..)`) may
    // store a new value into it, as a callee whose summary says it may write `*out` does.
    for n in cfg.node_ids() {
        let NodeKind::Call(site) = &cfg.node(n).kind else { continue };
        if program.callee_at(f, n).is_some() {
            continue;
        }
        let written: Vec<(PropKind, PathId)> = site
            .address_args
            .iter()
            .flatten()
            .filter(|&&p| cfg.path(p).class == goanna_ast::TypeClass::Pointer)
            .map(|&p| (PropKind::Def, p))
            .collect();
        if !written.is_empty() {
            effects.entry((f, n)).or_default().extend(written);
        }
    }
    add_global_rewrites(program, f, &mut effects);
    super::alias::add_alias_effects(program, f, &mut effects);
    super::status::add_status_test_effects(program, f, summary_of, &mut effects);
    effects
}

/// `def_g` at the calls of code outside the program, in `f`, that may write a pointer global
/// `g` which `f` sets to NULL: after `optarg = NULL`, the next `getopt()` (renamed `BSDgetopt`
/// by a compatibility header, so that no model says it writes the global) may give it a new
/// value, and a dereference after it is not of the NULL (the refutation stage asks the same
/// of every call).
fn add_global_rewrites(program: &Program<'_>, f: FnIndex, effects: &mut CallEffects) {
    let cfg = program.cfg(f);
    let nulled: Vec<PathId> = (0..cfg.paths.len() as u32)
        .map(PathId)
        .filter(|&id| {
            let p = cfg.path(id);
            p.root.kind.is_static_storage() && p.steps.is_empty() && p.class == goanna_ast::TypeClass::Pointer
        })
        .filter(|&id| cfg.nodes.iter().any(|n| n.props.iter().any(|q| q.kind == PropKind::AssignNull && q.subject == goanna_cfg::Subject::Path(id))))
        .collect();
    if nulled.is_empty() {
        return;
    }
    let view = super::summarised::SummarisedProgram::new(program, effects);
    let mut added: Vec<(goanna_cfg::NodeId, PathId)> = Vec::new();
    // Only calls of code outside the program: what a function of the program does to the
    // global, the model follows it into (its box), or its summary says.
    let outside = |n: goanna_cfg::NodeId| matches!(cfg.node(n).kind, NodeKind::Call(_)) && program.callee_at(f, n).is_none() && program.targets_at(f, n).is_none();
    for n in cfg.node_ids().filter(|&n| outside(n)) {
        for &g in &nulled {
            let path = cfg.path(g);
            let internal = path.root.kind != goanna_ast::VarKind::Global;
            if goanna_feasible::CalleeGraphs::call_may_write_global(&view, f, n, path, internal) {
                added.push((n, g));
            }
        }
    }
    for (n, g) in added {
        let at = effects.entry((f, n)).or_default();
        if !at.contains(&(PropKind::Def, g)) {
            at.push((PropKind::Def, g));
        }
    }
}

/// Computes the summaries of every function, callees before callers; functions that call each
/// other are iterated from "does nothing" until their summaries settle. Components of the call
/// graph that do not depend on each other are summarised in parallel.
pub fn summarise_program(
    program: &Program<'_>,
    behaviours: &[Behaviour],
    decide: &dyn Decide,
) -> Result<ProgramSummaries, goanna_mc::Error> {
    use rayon::prelude::*;
    let count = program.functions.len();
    let mut summaries: Vec<Summary> = (0..count)
        .map(|f| {
            let n = program.cfg(f as FnIndex).params.len();
            Summary::nothing(n)
        })
        .collect();
    // Level of each component: one more than the highest level among its callees.
    let sccs = call_graph_sccs(program);
    let mut scc_of = vec![0usize; count];
    for (i, scc) in sccs.iter().enumerate() {
        for &f in scc {
            scc_of[f as usize] = i;
        }
    }
    let mut level = vec![0usize; sccs.len()];
    for (i, scc) in sccs.iter().enumerate() {
        for &f in scc {
            for &(_, g) in &program.calls[f as usize] {
                let j = scc_of[g as usize];
                if j != i {
                    level[i] = level[i].max(level[j] + 1);
                }
            }
        }
    }
    let top = level.iter().copied().max().unwrap_or(0);
    let mut by_level: Vec<Vec<usize>> = vec![Vec::new(); top + 1];
    for (i, &l) in level.iter().enumerate() {
        by_level[l].push(i);
    }
    let mut models: Vec<Option<FlatModel>> = (0..count).map(|_| None).collect();
    let mut effects_by_function: Vec<Option<CallEffects>> = (0..count).map(|_| None).collect();
    let convention = null_conventions(program);
    let selectors = super::selectors::selectors(program);
    let mut demanded: Vec<Vec<(String, bool)>> = vec![Vec::new(); count];
    for f in 0..count as FnIndex {
        for &(node, g) in &program.calls[f as usize] {
            for k in selectors.known(f, node) {
                if !demanded[g as usize].contains(k) {
                    demanded[g as usize].push(k.clone());
                }
            }
        }
    }
    let contexts = CallContexts { selectors, constants: super::constant_contexts::constant_contexts(program) };
    let context = Context { convention: &convention, contexts: &contexts, demanded: &demanded };
    for components in by_level {
        let done: Vec<Result<Vec<Summarised>, goanna_mc::Error>> = components
            .par_iter()
            .map(|&i| summarise_component(program, behaviours, decide, &sccs[i], &summaries, &context))
            .collect();
        for result in done {
            for (f, summary, last) in result? {
                summaries[f as usize] = summary;
                if let Some((model, f_effects)) = last {
                    models[f as usize] = Some(model);
                    effects_by_function[f as usize] = Some(f_effects);
                }
            }
        }
    }
    // The effects the last models were built with are final; the others are computed again.
    let mut effects = CallEffects::default();
    for (f, cached) in effects_by_function.into_iter().enumerate() {
        let f_effects =
            cached.unwrap_or_else(|| effects_of(program, f as FnIndex, &|g| &summaries[g as usize], &convention.unchecked, &contexts));
        effects.extend(f_effects);
    }
    // Functions whose entry now says a parameter is NULL or zero have a different model than the one
    // the summaries were computed on: it is built again when the checks need it.
    for f in add_constant_argument_effects(program, &summaries, &contexts, &mut effects) {
        models[f as usize] = None;
    }
    Ok(ProgramSummaries { summaries, effects, models })
}

/// What [`summarise_program`] computes.
pub struct ProgramSummaries {
    /// Each function's summary (index = [`FnIndex`]).
    pub summaries: Vec<Summary>,
    /// The effects of every call node, given the callees' summaries.
    pub effects: CallEffects,
    /// Each function's own model with the default edge filter, built from the final
    /// summaries of its callees (the one the checks need first); `None` when the last model
    /// built was not final (a recursive component that did not settle).
    pub models: Vec<Option<FlatModel>>,
}

/// A function, its summary, and its final model when it has one.
/// A function, its summary, and, when they were built from its callees' final summaries, its
/// model and its call nodes' effects.
type Summarised = (FnIndex, Summary, Option<(FlatModel, CallEffects)>);

/// What call sites know of their callees' inputs: the values of the selectors they test and
/// the constants passed to the parameters they decide branches by.
struct CallContexts {
    selectors: Selectors,
    constants: ConstantContexts,
}

impl CallContexts {
    /// The summary of the callee of the call at `node` of `f` that holds there, given the
    /// callee's `summary` (with its specialised ones).
    fn summary_at<'s>(&self, summary: &'s Summary, f: FnIndex, node: goanna_cfg::NodeId) -> &'s Summary {
        at_call(summary, self.selectors.known(f, node), self.constants.known(f, node))
    }
}

/// What the summaries of every component share.
struct Context<'a> {
    convention: &'a NullConventions,
    contexts: &'a CallContexts,
    /// Per function: the selector values its call sites know (USR, non-zero).
    demanded: &'a [Vec<(String, bool)>],
}

/// The summaries of function `f` (graph `cfg`) on the models of it specialised to calling
/// contexts that `models` builds (each with its context's key), beside its ordinary summary
/// `base`: what the questions do not decide (`reads_only`, the members written,
/// `null_latent`, the return-code conventions) is `base`'s, and those that say the same as
/// `base` are left out.
fn specialised<K>(
    decide: &dyn Decide,
    (f, cfg): (FnIndex, &Cfg),
    carriers: &[(PathId, Vec<String>)],
    base: &Summary,
    models: impl Iterator<Item = Result<(K, FlatModel), goanna_mc::Error>>,
) -> Result<Vec<(K, Summary)>, goanna_mc::Error> {
    let mut out = Vec::new();
    for built in models {
        let (key, model) = built?;
        let mut summary = summarise(decide, &model, cfg, &questions(f, cfg, carriers));
        summary.reads_only = base.reads_only.clone();
        summary.writes_members = base.writes_members.clone();
        summary.null_latent = base.null_latent;
        summary.out_conventions = base.out_conventions.clone();
        if summary != *base {
            out.push((key, summary));
        }
    }
    Ok(out)
}

/// The models of `f` for each selector value in `demanded`, whose entry knows that value
/// (`null_test`/`nonnull_test` of the selector there, which the model's refinement follows).
fn selector_models<'s>(
    program: &'s Program<'_>,
    behaviours: &'s [Behaviour],
    f: FnIndex,
    effects: &'s CallEffects,
    demanded: &'s [(String, bool)],
) -> impl Iterator<Item = Result<((String, bool), FlatModel), goanna_mc::Error>> + 's {
    let cfg = program.cfg(f);
    let selectors = if demanded.is_empty() { Vec::new() } else { super::selectors::selector_paths(program, f) };
    demanded.iter().filter_map(move |(usr, nonzero)| {
        let &id = selectors.iter().find(|&&id| cfg.path(id).root.usr == *usr)?;
        let mut effects = effects.clone();
        let kind = if *nonzero { PropKind::NonNullTest } else { PropKind::NullTest };
        effects.entry((f, cfg.entry)).or_default().push((kind, id));
        Some(flat_model(program, f, &effects, behaviours, EdgeFilter::default(), None, &[]).map(|model| ((usr.clone(), *nonzero), model)))
    })
}

/// Summarises the functions of one component of the call graph, iterating while they call
/// each other and their summaries change.
fn summarise_component(
    program: &Program<'_>,
    behaviours: &[Behaviour],
    decide: &dyn Decide,
    members: &[FnIndex],
    summaries: &[Summary],
    context: &Context<'_>,
) -> Result<Vec<Summarised>, goanna_mc::Error> {
    let convention = context.convention;
    let unchecked_null = &convention.unchecked[..];
    // The members' summaries being computed; everybody else's are final.
    let mut local: rustc_hash::FxHashMap<FnIndex, Summary> =
        members.iter().map(|&f| (f, summaries[f as usize].clone())).collect();
    let recursive = members.len() > 1 || program.calls[members[0] as usize].iter().any(|&(_, g)| g == members[0]);
    let rounds = if recursive { MAX_ROUNDS } else { 1 };
    let mut models: rustc_hash::FxHashMap<FnIndex, (FlatModel, CallEffects)> = Default::default();
    let mut settled = false;
    for _ in 0..rounds {
        let mut changed = false;
        for &f in members {
            let effects = effects_of(program, f, &|g| local.get(&g).unwrap_or(&summaries[g as usize]), unchecked_null, context.contexts);
            let hint = models.get(&f).map(|(m, _)| m.refinement.clone());
            let model = flat_model(program, f, &effects, behaviours, EdgeFilter::default(), hint.as_ref(), &[])?;
            let carriers = carrier_paths(program, f);
            let mut summary = summarise(decide, &model, program.cfg(f), &questions(f, program.cfg(f), &carriers));
            summary.reads_only = reads_only(program.cfg(f), f, &effects);
            // Final for a function that does not call itself; in a recursive component, the
            // component's fixpoint below replaces it.
            summary.writes_members = writes_members(program, f, &effects, &|g| {
                if members.contains(&g) {
                    &[]
                } else {
                    &summaries[g as usize].writes_members
                }
            });
            if summary.may_return_null {
                let effects_at = |n: goanna_cfg::NodeId| effects.get(&(f, n)).map_or(&[][..], |v| &v[..]);
                let latent_call = |n: goanna_cfg::NodeId| {
                    program.callee_at(f, n).is_some_and(|g| local.get(&g).unwrap_or(&summaries[g as usize]).null_latent)
                };
                summary.null_latent = if convention.checked[f as usize] {
                    !super::manifest::null_is_manifest_beyond_data(program.cfg(f), &effects_at, &latent_call)
                } else {
                    !super::manifest::null_is_manifest(program.cfg(f), &effects_at, &latent_call)
                };
            }
            summary.out_conventions =
                super::status::out_conventions(program, f, &effects, &|g| local.get(&g).unwrap_or(&summaries[g as usize]));
            // Both compared with the ordinary summary alone.
            let cfg = program.cfg(f);
            let by_selector = specialised(decide, (f, cfg), &carriers, &summary, selector_models(program, behaviours, f, &effects, &context.demanded[f as usize]))?;
            let constant_models = context.contexts.constants.of[f as usize]
                .iter()
                .map(|(constants, within)| super::flat::flat_model_within(program, f, &effects, behaviours, within).map(|model| (constants.clone(), model)));
            summary.by_constants = specialised(decide, (f, cfg), &carriers, &summary, constant_models)?;
            summary.by_selector = by_selector.into_iter().map(|((usr, nonzero), s)| (usr, nonzero, s)).collect();
            if local.get(&f) != Some(&summary) {
                local.insert(f, summary);
                changed = true;
            }
            models.insert(f, (model, effects));
        }
        // A round that changed nothing built every model from the final summaries; so did the
        // only round of a function that does not call itself (its callees are all final).
        if !changed || !recursive {
            settled = true;
            break;
        }
    }
    if recursive {
        let written = component_writes_members(program, members, &|f| models.get(&f).map(|(_, effects)| effects), summaries);
        for (&f, written) in members.iter().zip(written) {
            if let Some(summary) = local.get_mut(&f) {
                for (_, _, specialised) in &mut summary.by_selector {
                    specialised.writes_members.clone_from(&written);
                }
                for (_, specialised) in &mut summary.by_constants {
                    specialised.writes_members.clone_from(&written);
                }
                summary.writes_members = written;
            }
        }
    }
    Ok(members
        .iter()
        .map(|&f| (f, local.remove(&f).unwrap_or_default(), if settled { models.remove(&f) } else { None }))
        .collect())
}

/// Most rounds of [`component_writes_members`] before its functions are taken to write
/// anything through their parameters.
const MAX_WRITES_ROUNDS: usize = 32;

/// [`Summary::writes_members`] of the functions `members` of a recursive component of the call
/// graph, whose call nodes have the callee effects `effects_of` (`None`: not known, anything
/// is written), with the final summaries of the functions outside it in `summaries`: the least
/// fixpoint, from nothing written through any parameter, of what each member writes with
/// what the others are taken to write. The sets only grow (to "anything"), so the rounds
/// stop; a component that has not settled after [`MAX_WRITES_ROUNDS`] may write anything.
fn component_writes_members<'e>(
    program: &Program<'_>,
    members: &[FnIndex],
    effects_of: &dyn Fn(FnIndex) -> Option<&'e CallEffects>,
    summaries: &[Summary],
) -> Vec<Vec<Option<Vec<String>>>> {
    let mut current: Vec<Vec<Option<Vec<String>>>> = members.iter().map(|&f| vec![Some(Vec::new()); program.cfg(f).params.len()]).collect();
    let anything = |f: FnIndex| vec![None; program.cfg(f).params.len()];
    let index: rustc_hash::FxHashMap<FnIndex, usize> = members.iter().enumerate().map(|(i, &f)| (f, i)).collect();
    for _ in 0..MAX_WRITES_ROUNDS {
        let mut changed = false;
        for (i, &f) in members.iter().enumerate() {
            let next = match effects_of(f) {
                Some(effects) => writes_members(program, f, effects, &|g| match index.get(&g) {
                    Some(&j) => &current[j],
                    None => &summaries[g as usize].writes_members,
                }),
                None => anything(f),
            };
            if next != current[i] {
                current[i] = next;
                changed = true;
            }
        }
        if !changed {
            return current;
        }
    }
    members.iter().map(|&f| anything(f)).collect()
}

/// The pointer globals `f` names whose entry block its summary describes (carriers,
/// `alias::carrier_global`), each with the names of the functions whose calls in `f` may give
/// it another value (`alias::clobbering_calls`): in `f`'s own model such a call stands for a
/// `def` of the global, so that a `free`/`deref` after it is not taken to be about the block
/// the global held at the entry. A global that a call without a named callee may write is left
/// out.
fn carrier_paths(program: &Program<'_>, f: FnIndex) -> Vec<(PathId, Vec<String>)> {
    let cfg = program.cfg(f);
    let paths: Vec<PathId> =
        (0..cfg.paths.len() as u32).map(PathId).filter(|&id| super::alias::carrier_global(program, cfg, id)).collect();
    if paths.is_empty() {
        return Vec::new();
    }
    let clobbered = super::alias::clobbering_calls(program, f, &paths);
    let mut out: Vec<(PathId, Vec<String>)> = paths.into_iter().map(|id| (id, Vec::new())).collect();
    let mut unnamed: Vec<PathId> = Vec::new();
    for (n, written) in &clobbered {
        let name = cfg.node(*n).props.iter().find_map(|p| match (&p.kind, &p.subject) {
            (PropKind::Call, goanna_cfg::Subject::Function(name)) => Some(name.as_str()),
            _ => None,
        });
        for (id, calls) in out.iter_mut().filter(|(id, _)| written.contains(id)) {
            match name {
                Some(name) if !calls.iter().any(|c| c == name) => calls.push(name.to_string()),
                Some(_) => {}
                // Written by a call the model cannot name: nothing is said about the global.
                None => unnamed.push(*id),
            }
        }
    }
    out.retain(|(id, _)| !unnamed.contains(id));
    out
}

/// A parameter that some call passes a constant the function cannot take on every path is that
/// constant at the function's entry: a null pointer constant (`f(NULL)`) for a parameter the
/// function dereferences on every path is `assign_null` there, a constant zero (`f(0)`) for one
/// it divides by on every path is `assign_zero`, so that the dereference or the division in the
/// function, with no test before it, is reported there (design note 6, from the callers' side).
/// A callee that looks at the parameter only in some cases (`if (n > 0) *out = ...`) is usually
/// called with the constant exactly when it will not; but a call that knows the value of a
/// selector the callee tests (`g_mode = 1; f(0);`, [`super::selectors`]) is judged on the
/// paths that value allows. Only the checks' effects get it, not the summaries. Returns the
/// functions that got such an effect.
fn add_constant_argument_effects(program: &Program<'_>, summaries: &[Summary], contexts: &CallContexts, effects: &mut CallEffects) -> Vec<FnIndex> {
    let mut changed = Vec::new();
    for f in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(f);
        for &(node, callee) in &program.calls[f as usize] {
            let NodeKind::Call(site) = &cfg.node(node).kind else { continue };
            let target = program.cfg(callee);
            // A call that knows a selector of the callee: the callee's paths for that value.
            let summary = contexts.summary_at(&summaries[callee as usize], f, node);
            let nulls = site.null_args.iter().map(|&i| (i, &summary.derefs, goanna_ast::TypeClass::Pointer, PropKind::AssignNull));
            let zeros = site.zero_args().map(|i| (i, &summary.divides, goanna_ast::TypeClass::Integer, PropKind::AssignZero));
            for (i, every_path, class, kind) in nulls.chain(zeros) {
                if every_path.get(i) != Some(&true) {
                    continue;
                }
                let Some(Some(param)) = target.params.get(i) else { continue };
                if target.path(*param).class != class {
                    continue;
                }
                let entry = effects.entry((callee, target.entry)).or_default();
                if !entry.contains(&(kind, *param)) {
                    entry.push((kind, *param));
                    changed.push(callee);
                }
            }
        }
    }
    changed
}

