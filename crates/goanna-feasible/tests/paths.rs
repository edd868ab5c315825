//! Hand-written feasible and infeasible paths through real graphs: each C function is parsed
//! with the front end, a path is chosen by its branch decisions, and the verdict is checked.

use goanna_cfg::{build_cfgs, Cfg, EdgeKind, LibraryModels, NodeId, NodeKind};
use goanna_feasible::{check_path, Feasibility, Limits, PathQuery, Step, VarKey};

/// The graph of `name` in `src`; `None` when libclang is unavailable.
fn cfg(src: &str, name: &str) -> Option<Cfg> {
    let opts = goanna_frontend::ParseOptions::default();
    match goanna_frontend::parse_source("test.c", src, &opts) {
        Ok(tu) => build_cfgs(&tu, &LibraryModels::builtin()).into_iter().find(|c| c.name == name),
        Err(e) => {
            eprintln!("skipping: front end unavailable: {e}");
            None
        }
    }
}

/// How to leave a multi-way node: a branch outcome, or a `switch` edge.
#[derive(Clone, Copy)]
enum Choice {
    Branch(bool),
    Case(i64),
    Default,
}

/// The path from the entry to the exit that takes `choices` at the conditions it meets, in
/// order, and the only edge elsewhere (back edges are never taken).
fn path(cfg: &Cfg, choices: &[Choice]) -> Vec<NodeId> {
    let mut at = cfg.entry;
    let mut out = vec![at];
    let mut choices = choices.iter();
    while at != cfg.exit {
        let node = cfg.node(at);
        let forward: Vec<_> = node.succs.iter().filter(|e| e.kind != EdgeKind::Back).collect();
        let next = if forward.len() > 1 || node.kind == NodeKind::Condition {
            let choice = *choices.next().expect("a choice for every condition");
            forward
                .iter()
                .find(|e| match (choice, e.kind) {
                    (Choice::Branch(true), EdgeKind::True) | (Choice::Branch(false), EdgeKind::False) | (Choice::Default, EdgeKind::Default) => true,
                    (Choice::Case(v), EdgeKind::Case(w)) => v == w,
                    _ => false,
                })
                .expect("the chosen edge exists")
                .target
        } else {
            forward.first().expect("a successor").target
        };
        out.push(next);
        at = next;
        assert!(out.len() < 1000, "path does not reach the exit");
    }
    out
}

/// The verdict on the path of `function` in `src` that takes `choices`; `reported` are node
/// positions whose events are the reported ones.
fn verdict(src: &str, function: &str, choices: &[Choice], reported: &[usize]) -> Option<(Feasibility, Cfg, Vec<NodeId>)> {
    let cfg = cfg(src, function)?;
    let nodes = path(&cfg, choices);
    let steps = nodes.iter().map(|&node| Step::new(node, &[])).collect();
    let query = PathQuery { cfg: &cfg, program: None, function: 0, steps, reported: reported.to_vec(), assumed: Vec::new(), summarise_loops: false, avoided: Vec::new() };
    let v = check_path(&query, &Limits::default());
    Some((v, cfg.clone(), nodes))
}

use Choice::{Branch, Case, Default};

fn infeasible(src: &str, function: &str, choices: &[Choice]) {
    if let Some((v, _, _)) = verdict(src, function, choices, &[]) {
        assert!(matches!(v, Feasibility::Infeasible(_)), "expected infeasible, got {v:?}");
    }
}

fn feasible(src: &str, function: &str, choices: &[Choice]) {
    if let Some((v, _, _)) = verdict(src, function, choices, &[]) {
        assert_eq!(v, Feasibility::Feasible);
    }
}

const FLAG: &str = r#"
void use(int);
void f(int c) {
    int x = 0;
    if (c) x = 1;
    if (x == 1) use(x);
}
"#;

#[test]
fn a_constant_set_on_one_branch_decides_a_later_test() {
    infeasible(FLAG, "f", &[Branch(false), Branch(true)]);
    feasible(FLAG, "f", &[Branch(true), Branch(true)]);
    feasible(FLAG, "f", &[Branch(false), Branch(false)]);
    infeasible(FLAG, "f", &[Branch(true), Branch(false)]);
}

const BITS: &str = r#"
void work(void);
void g(unsigned flags) {
    if (flags & 4) work();
    work();
    if (flags & 4) work();
}
"#;

#[test]
fn the_same_bit_test_twice_without_a_write_agrees() {
    infeasible(BITS, "g", &[Branch(false), Branch(true)]);
    feasible(BITS, "g", &[Branch(true), Branch(true)]);
}

#[test]
fn the_core_names_the_two_branches_and_guards_the_flags() {
    let Some((Feasibility::Infeasible(core), cfg, nodes)) = verdict(BITS, "g", &[Branch(false), Branch(true)], &[]) else {
        if cfg(BITS, "g").is_some() {
            panic!("expected an infeasible path");
        }
        return;
    };
    let kinds: Vec<&NodeKind> = core.steps.iter().map(|&i| &cfg.node(nodes[i]).kind).collect();
    assert!(kinds.contains(&&NodeKind::Branch(false)) && kinds.contains(&&NodeKind::Branch(true)), "{kinds:?}");
    // The calls in between do not write the parameter (a private local): nothing else is needed.
    assert!(core.steps.len() <= 4, "{core:?}");
    let flags = cfg.paths.iter().position(|p| p.root.name == "flags").expect("flags path");
    let guarded: Vec<&VarKey> = core.guards.iter().flatten().collect();
    assert!(guarded.contains(&&VarKey::Path(goanna_cfg::PathId(flags as u32))), "{core:?}");
}

const ARITH: &str = r#"
void grow(void);
void h(void) {
    unsigned len, cap;
    len = cap = 0;
    if (len + 1 > cap) grow();
}
"#;

#[test]
fn simple_arithmetic_decides_a_comparison() {
    infeasible(ARITH, "h", &[Branch(false)]);
    feasible(ARITH, "h", &[Branch(true)]);
}

const DEREF: &str = r#"
#include <stddef.h>
void fail(void);
void k(int *p) {
    *p = 1;
    if (p == NULL) fail();
}
"#;

#[test]
fn a_dereferenced_pointer_is_not_null_afterwards() {
    infeasible(DEREF, "k", &[Branch(true)]);
    feasible(DEREF, "k", &[Branch(false)]);
}

#[test]
fn the_reported_dereference_implies_nothing() {
    let Some(cfg) = cfg(DEREF, "k") else { return };
    let nodes = path(&cfg, &[Branch(true)]);
    let deref = nodes.iter().position(|&n| cfg.node(n).props.iter().any(|p| p.kind == goanna_cfg::PropKind::Deref)).expect("deref node");
    let steps = nodes.iter().map(|&node| Step::new(node, &[])).collect();
    let query = PathQuery { cfg: &cfg, program: None, function: 0, steps, reported: vec![deref], assumed: Vec::new(), summarise_loops: false, avoided: Vec::new() };
    assert_eq!(check_path(&query, &Limits::default()), Feasibility::Feasible);
}

const WRAP: &str = r#"
void hit(void);
void w(void) {
    unsigned char c = 255;
    c++;
    if (c == 0) hit();
}
"#;

#[test]
fn unsigned_char_wraps_around() {
    feasible(WRAP, "w", &[Branch(true)]);
    infeasible(WRAP, "w", &[Branch(false)]);
}

const CALLS: &str = r#"
int g;
void touch(void);
void set(int *);
void use(int);
void globals(void) {
    g = 0;
    touch();
    if (g) use(g);
}
void privates(void) {
    int x = 0;
    touch();
    if (x) use(x);
}
void escaped(void) {
    int x = 0;
    set(&x);
    if (x) use(x);
}
"#;

#[test]
fn calls_may_write_globals_and_escaped_locals_but_not_private_ones() {
    feasible(CALLS, "globals", &[Branch(true)]);
    infeasible(CALLS, "privates", &[Branch(true)]);
    feasible(CALLS, "escaped", &[Branch(true)]);
}

const SWITCH: &str = r#"
void one(void);
void two(void);
void other(void);
void s(void) {
    int k = 2;
    switch (k) {
    case 1: one(); break;
    case 2: two(); break;
    default: other(); break;
    }
}
"#;

#[test]
fn switch_edges_state_the_case_value() {
    infeasible(SWITCH, "s", &[Case(1)]);
    feasible(SWITCH, "s", &[Case(2)]);
    infeasible(SWITCH, "s", &[Default]);
}

const COPY: &str = r#"
#include <stddef.h>
void fail(void);
void c(char *p) {
    char *q = p;
    if (p == NULL) return;
    if (q == NULL) fail();
}
"#;

#[test]
fn pointer_copies_share_their_value() {
    infeasible(COPY, "c", &[Branch(false), Branch(true)]);
    feasible(COPY, "c", &[Branch(false), Branch(false)]);
    feasible(COPY, "c", &[Branch(true)]);
}

const NULLED: &str = r#"
#include <stdlib.h>
void n(int c) {
    char *p = NULL;
    if (c) p = malloc(4);
    if (c) free(p);
    if (p != NULL) free(p);
}
"#;

#[test]
fn a_pointer_set_to_null_stays_null_until_written() {
    // c false: p stays NULL, so `p != NULL` cannot hold.
    infeasible(NULLED, "n", &[Branch(false), Branch(false), Branch(true)]);
    feasible(NULLED, "n", &[Branch(true), Branch(true), Branch(true)]);
    // The same `c` tested twice.
    infeasible(NULLED, "n", &[Branch(true), Branch(false), Branch(false)]);
}

#[test]
fn a_path_longer_than_the_limit_is_unknown() {
    let Some(cfg) = cfg(FLAG, "f") else { return };
    let nodes = path(&cfg, &[Branch(false), Branch(true)]);
    let steps = nodes.iter().map(|&node| Step::new(node, &[])).collect();
    let query = PathQuery { cfg: &cfg, program: None, function: 0, steps, reported: Vec::new(), assumed: Vec::new(), summarise_loops: false, avoided: Vec::new() };
    let limits = Limits { max_steps: 2, ..Limits::default() };
    assert_eq!(check_path(&query, &limits), Feasibility::Unknown);
}

const TRYLOCK: &str = r#"
#include <pthread.h>
struct db { pthread_mutex_t lock; int n; };
int try_lock(struct db *db) {
    if (pthread_mutex_trylock(&db->lock))
        return 0;
    db->n++;
    pthread_mutex_unlock(&db->lock);
    return 1;
}
int checked(struct db *db) {
    int error;
    if ((error = pthread_mutex_lock(&db->lock)) != 0)
        return error;
    pthread_mutex_unlock(&db->lock);
    return 0;
}
"#;

/// The verdict on the path of `function` that takes `choices`, with the node holding the
/// lock call as the reported step whose event happened.
fn lock_reported(function: &str, choices: &[Choice]) -> Option<Feasibility> {
    let cfg = cfg(TRYLOCK, function)?;
    let nodes = path(&cfg, choices);
    let lock = nodes.iter().position(|&n| cfg.node(n).props.iter().any(|p| p.kind == goanna_cfg::PropKind::Lock)).expect("lock node");
    let steps = nodes.iter().map(|&node| Step::new(node, &[])).collect();
    let query = PathQuery { cfg: &cfg, program: None, function: 0, steps, reported: vec![lock], assumed: vec![(lock, goanna_feasible::Assumed::Happened)], summarise_loops: false, avoided: Vec::new() };
    Some(check_path(&query, &Limits::default()))
}

#[test]
fn a_reported_lock_was_taken_so_its_failure_branch_is_not_a_path() {
    let Some(v) = lock_reported("try_lock", &[Branch(true)]) else { return };
    match v {
        Feasibility::Infeasible(core) => assert!(core.assumes_reported, "{core:?}"),
        other => panic!("expected infeasible, got {other:?}"),
    }
    assert_eq!(lock_reported("try_lock", &[Branch(false)]), Some(Feasibility::Feasible));
    assert!(matches!(lock_reported("checked", &[Branch(true)]), Some(Feasibility::Infeasible(_))));
    assert_eq!(lock_reported("checked", &[Branch(false)]), Some(Feasibility::Feasible));
}

#[test]
fn an_unreported_trylock_may_have_failed_but_a_lock_that_waits_did_not() {
    // Without the lock as the reported event, a trylock's failure branch is a path like any
    // other; a lock that waits fails only when misused and is assumed to succeed, as the Clang
    // Static Analyzer's PthreadLockChecker assumes.
    feasible(TRYLOCK, "try_lock", &[Branch(true)]);
    infeasible(TRYLOCK, "checked", &[Branch(true)]);
}

const GETTER: &str = r#"
#include <stddef.h>
struct node { struct node *next; int v; };
struct node *last(struct node *l);
int tested(struct node *list) {
    if (list == NULL)
        return 0;
    struct node *n = last(list);
    return n->v;
}
"#;

/// The verdict on `tested`'s path past its test, with `n` assumed NULL after the call and, when
/// `conditional`, the callee returning NULL only for a NULL argument.
fn getter(conditional: bool) -> Option<Feasibility> {
    let cfg = cfg(GETTER, "tested")?;
    let nodes = path(&cfg, &[Branch(false)]);
    let call = nodes.iter().position(|&n| matches!(cfg.node(n).kind, NodeKind::Call(_))).expect("call node");
    let list = goanna_cfg::PathId(cfg.paths.iter().position(|p| p.root.name == "list" && p.is_variable()).expect("list") as u32);
    let n = goanna_cfg::PathId(cfg.paths.iter().position(|p| p.root.name == "n" && p.is_variable()).expect("n") as u32);
    let only = [list];
    let steps = nodes
        .iter()
        .enumerate()
        .map(|(i, &node)| Step { node, effects: &[], null_only_if: if conditional && i == call { &only } else { &[] }, null_zeroes: &[], walk: None })
        .collect();
    // The reported dereference of `n` (the path's last event before the exit).
    let deref = nodes.iter().rposition(|&m| cfg.node(m).props.iter().any(|p| p.kind == goanna_cfg::PropKind::Deref)).expect("deref");
    let query = PathQuery { cfg: &cfg, program: None, function: 0, steps, reported: vec![call, deref], assumed: vec![(call, goanna_feasible::Assumed::Null(n))], summarise_loops: false, avoided: Vec::new() };
    Some(check_path(&query, &Limits::default()))
}

#[test]
fn a_result_null_only_for_a_null_argument_is_not_null_for_a_tested_one() {
    match getter(true) {
        None => {}
        Some(Feasibility::Infeasible(core)) => assert!(core.assumes_reported, "{core:?}"),
        Some(other) => panic!("expected infeasible, got {other:?}"),
    }
    if let Some(v) = getter(false) {
        assert_eq!(v, Feasibility::Feasible);
    }
}

const SPLIT: &str = r#"
char **split(const char *s, int *count);
int first_char(const char *s) {
    int n;
    char **parts = split(s, &n);
    if (n > 0)
        return parts[0][0];
    return 0;
}
"#;

/// The verdict on `first_char`'s path that reads the first part, with `parts` assumed NULL after the call
/// and, when `zeroes`, the callee setting `*count` to 0 whenever it returns NULL.
fn split_path(zeroes: bool) -> Option<Feasibility> {
    let cfg = cfg(SPLIT, "first_char")?;
    let nodes = path(&cfg, &[Branch(true)]);
    let call = nodes.iter().position(|&n| matches!(cfg.node(n).kind, NodeKind::Call(_))).expect("call node");
    let var = |name: &str| goanna_cfg::PathId(cfg.paths.iter().position(|p| p.root.name == name && p.is_variable()).expect(name) as u32);
    let (parts, n) = (var("parts"), var("n"));
    let zeroed = [n];
    // `split` may write `n` (its summary's `def_n`).
    let written = [(goanna_cfg::PropKind::Def, n)];
    let steps = nodes
        .iter()
        .enumerate()
        .map(|(i, &node)| {
            let at_call = i == call;
            Step {
                node,
                effects: if at_call { &written } else { &[] },
                null_only_if: &[],
                null_zeroes: if zeroes && at_call { &zeroed } else { &[] },
                walk: None,
            }
        })
        .collect();
    let deref = nodes.iter().rposition(|&m| cfg.node(m).props.iter().any(|p| p.kind == goanna_cfg::PropKind::Deref)).expect("deref");
    let query = PathQuery { cfg: &cfg, program: None, function: 0, steps, reported: vec![call, deref], assumed: vec![(call, goanna_feasible::Assumed::Null(parts))], summarise_loops: false, avoided: Vec::new() };
    Some(check_path(&query, &Limits::default()))
}

#[test]
fn a_null_result_with_a_zeroed_count_has_no_part_to_read() {
    match split_path(true) {
        None => {}
        Some(Feasibility::Infeasible(core)) => assert!(core.assumes_reported, "{core:?}"),
        Some(other) => panic!("expected infeasible, got {other:?}"),
    }
    // Without the callee's guarantee the count is anything: the part may be read.
    if let Some(v) = split_path(false) {
        assert_eq!(v, Feasibility::Feasible);
    }
}

const RANGES: &str = r#"
void low(void);
void other(void);
void r(void) {
    int k = 3;
    switch (k) {
    case 1 ... 5: low(); break;
    default: other(); break;
    }
}
"#;

#[test]
fn a_gnu_case_range_is_not_its_low_end() {
    // `k == 3` takes `case 1 ... 5`, whose edge names only 1.
    feasible(RANGES, "r", &[Case(1)]);
}

const MEMBER_STORES: &str = r#"
struct client { int state; int keepalive; void *data; };
void work(void);
void other_member(struct client *c, void *ctx) {
    c->state = 2;
    c->keepalive = 0;
    c->data = ctx;
    if (c->state == 2) work();
}
void same_member_elsewhere(struct client *c, struct client *d) {
    c->state = 2;
    d->state = 0;
    if (c->state == 2) work();
}
void through_a_pointer(struct client *c, int *p) {
    c->state = 2;
    *p = 0;
    if (c->state == 2) work();
}
void address_handed_on(struct client *c, char *data) {
    char *q;
    if (c->state != 2) return;
    q = data + 12;
    if (c->state == 2) work();
}
"#;

#[test]
fn a_member_write_leaves_the_other_members_of_the_structure() {
    infeasible(MEMBER_STORES, "other_member", &[Branch(false)]);
    feasible(MEMBER_STORES, "other_member", &[Branch(true)]);
}

#[test]
fn a_write_that_may_reach_the_member_gives_it_a_new_value() {
    // `d` may be `c`; `p` may point at `c->state`.
    feasible(MEMBER_STORES, "same_member_elsewhere", &[Branch(false)]);
    feasible(MEMBER_STORES, "through_a_pointer", &[Branch(false)]);
}

const ELEMENT_MEMBER_STORES: &str = r#"
struct cell { int size; int width; };
struct line { struct cell *cells; struct cell *saved; unsigned long at; int size; };
void work(void);
void other_member(struct line *l) {
    if (l->saved != 0) return;
    l->cells[l->at].size = 0;
    if (l->saved == 0) work();
}
void member_of_that_name(struct line *l) {
    if (l->size != 2) return;
    l->cells[l->at].size = 0;
    if (l->size == 2) work();
}
"#;

#[test]
fn a_member_write_into_an_unnamed_element_leaves_other_members() {
    // `l->cells[l->at].size` is no path (its index is no variable), but it writes a `size`.
    infeasible(ELEMENT_MEMBER_STORES, "other_member", &[Branch(false), Branch(false)]);
    feasible(ELEMENT_MEMBER_STORES, "other_member", &[Branch(false), Branch(true)]);
    // A member of the same name may be the one written.
    feasible(ELEMENT_MEMBER_STORES, "member_of_that_name", &[Branch(false), Branch(false)]);
}

const OBJECT_SIZES: &str = r#"
#include <string.h>
#include <sys/types.h>
void work(void);
void whole_length(const char *text) {
    ssize_t start = 0, end = strlen(text);
    if (start <= end)
        work();
}
void last_index(const char *text) {
    ssize_t start = 0, end = strlen(text) - 1;
    if (start <= end)
        work();
}
"#;

#[test]
fn a_string_length_is_not_negative_in_a_signed_type() {
    // `strlen` counts the bytes of one object: at most PTRDIFF_MAX.
    infeasible(OBJECT_SIZES, "whole_length", &[Branch(false)]);
    feasible(OBJECT_SIZES, "whole_length", &[Branch(true)]);
    // One less is -1 for an empty string.
    feasible(OBJECT_SIZES, "last_index", &[Branch(false)]);
}

#[test]
fn handing_an_address_on_writes_nothing() {
    infeasible(MEMBER_STORES, "address_handed_on", &[Branch(false), Branch(false)]);
    feasible(MEMBER_STORES, "address_handed_on", &[Branch(false), Branch(true)]);
}

const READ_ONLY_CALLEE: &str = r#"
struct s { int *p; };
int look(struct s *x);
int peek(const struct s *x);
int f(struct s *x) {
    int *q = x->p;
    look(x);
    if (q == 0 && x->p != 0)
        return 1;
    return 0;
}
int g(struct s *x) {
    int *q = x->p;
    peek(x);
    if (q == 0 && x->p != 0)
        return 1;
    return 0;
}
"#;

/// The verdict on the path of `function` taking `choices`, with `reads_only_p` for the first
/// argument of every call node as its summary's effect when `summarised`.
fn verdict_with_reads_only(src: &str, function: &str, choices: &[Choice], summarised: bool) -> Option<Feasibility> {
    let cfg = cfg(src, function)?;
    let nodes = path(&cfg, choices);
    let effects: Vec<Vec<(goanna_cfg::PropKind, goanna_cfg::PathId)>> = nodes
        .iter()
        .map(|&n| match &cfg.node(n).kind {
            NodeKind::Call(site) if summarised => site.args.first().copied().flatten().map(|a| (goanna_cfg::PropKind::ReadsOnly, a)).into_iter().collect(),
            _ => Vec::new(),
        })
        .collect();
    let steps = nodes.iter().zip(&effects).map(|(&node, fx)| Step::new(node, fx)).collect();
    let query = PathQuery { cfg: &cfg, program: None, function: 0, steps, reported: Vec::new(), assumed: Vec::new(), summarise_loops: false, avoided: Vec::new() };
    Some(check_path(&query, &Limits::default()))
}

#[test]
fn a_callee_that_only_reads_through_its_argument_keeps_the_members() {
    // look() may write x->p unless its summary says it only reads through x.
    if let Some(v) = verdict_with_reads_only(READ_ONLY_CALLEE, "f", &[Branch(true), Branch(true)], false) {
        assert_eq!(v, Feasibility::Feasible);
    }
    if let Some(v) = verdict_with_reads_only(READ_ONLY_CALLEE, "f", &[Branch(true), Branch(true)], true) {
        assert!(matches!(v, Feasibility::Infeasible(_)), "{v:?}");
    }
    // peek() takes a pointer to const: x->p is as it was, summary or not.
    infeasible(READ_ONLY_CALLEE, "g", &[Branch(true), Branch(true)]);
}

const ADDRESSES: &str = r#"
struct node { struct node *next; };
struct list { struct node head; struct node spare; };
void step(struct node **n);
int f(struct list *l) {
    struct node *n = &l->head;
    if (n == &l->head)
        return 1;
    return 0;
}
int g(struct list *l) {
    struct node *n = &l->head;
    if (n == &l->spare)
        return 1;
    return 0;
}
int h(struct list *l, struct list *m) {
    struct node *n = &l->head;
    l = m;
    if (n == &l->head)
        return 1;
    return 0;
}
"#;

#[test]
fn the_address_of_a_path_is_the_same_while_its_pointers_are() {
    infeasible(ADDRESSES, "f", &[Branch(false)]);
    feasible(ADDRESSES, "f", &[Branch(true)]);
    // Another member: no contradiction either way.
    feasible(ADDRESSES, "g", &[Branch(false)]);
    // The pointer it goes through changed.
    feasible(ADDRESSES, "h", &[Branch(false)]);
    feasible(ADDRESSES, "h", &[Branch(true)]);
}

const NAMED: &str = r#"
#include <stdlib.h>
static char shared[64];
void stack_or_heap(size_t n) {
    char buf[16], *copy;
    if (n > sizeof buf) {
        copy = malloc(n);
        if (!copy)
            return;
    } else
        copy = buf;
    if (copy != buf)
        free(copy);
}
void global_or_heap(char *given, size_t n) {
    char *p = malloc(n);
    if (p == NULL)
        return;
    if (p == shared)
        return;
    if (p == given)
        return;
    free(p);
}
"#;

#[test]
fn a_new_block_is_never_the_address_of_a_named_object() {
    // Allocated, not NULL, then equal to the stack buffer: no such path.
    infeasible(NAMED, "stack_or_heap", &[Branch(true), Branch(false), Branch(false)]);
    feasible(NAMED, "stack_or_heap", &[Branch(true), Branch(false), Branch(true)]);
    feasible(NAMED, "stack_or_heap", &[Branch(false), Branch(false)]);
    // A global array is a named object too; NULL is neither.
    infeasible(NAMED, "global_or_heap", &[Branch(false), Branch(true)]);
    feasible(NAMED, "global_or_heap", &[Branch(true)]);
    // A parameter existed before the block was made: not it either (not a named address).
    infeasible(NAMED, "global_or_heap", &[Branch(false), Branch(false), Branch(true)]);
    feasible(NAMED, "global_or_heap", &[Branch(false), Branch(false), Branch(false)]);
}

const SENTINEL: &str = r#"
#include <stdlib.h>
#define FAILED ((void *) -1)
char *find(char *key);
int compared(size_t n, char *other) {
    char *p = malloc(n);
    if (p == FAILED)
        return 1;
    if (p == other)
        return 2;
    other = find(p);
    if (p == other)
        return 3;
    free(p);
    return 0;
}
"#;

/// The verdict on `compared`'s path that takes `choices`, with the block allocated at the
/// `malloc` node as the reported event.
fn allocated(choices: &[Choice]) -> Option<Feasibility> {
    let cfg = cfg(SENTINEL, "compared")?;
    let nodes = path(&cfg, choices);
    let alloc = nodes.iter().position(|&n| cfg.node(n).props.iter().any(|p| p.kind == goanna_cfg::PropKind::Alloc)).expect("alloc node");
    let p = goanna_cfg::PathId(cfg.paths.iter().position(|q| q.root.name == "p" && q.is_variable()).expect("p") as u32);
    let steps = nodes.iter().map(|&node| Step::new(node, &[])).collect();
    let query = PathQuery { cfg: &cfg, program: None, function: 0, steps, reported: vec![alloc], assumed: vec![(alloc, goanna_feasible::Assumed::Allocated(p))], summarise_loops: false, avoided: Vec::new() };
    Some(check_path(&query, &Limits::default()))
}

#[test]
fn an_allocated_block_is_no_sentinel_nor_an_earlier_pointer_but_may_equal_a_later_one() {
    match allocated(&[Branch(true)]) {
        None => {}
        Some(Feasibility::Infeasible(core)) => assert!(core.assumes_reported, "{core:?}"),
        Some(other) => panic!("expected infeasible, got {other:?}"),
    }
    // `other` was given before the block was made: a new block is not it.
    if let Some(v) = allocated(&[Branch(false), Branch(true)]) {
        assert!(matches!(v, Feasibility::Infeasible(_)), "expected infeasible, got {v:?}");
    }
    // What a call given the block returns may be the block.
    if let Some(v) = allocated(&[Branch(false), Branch(false), Branch(true)]) {
        assert_eq!(v, Feasibility::Feasible);
    }
    // Without the allocation as the reported event, the sentinel branch is a path like any other.
    feasible(SENTINEL, "compared", &[Branch(true)]);
}

const PURE: &str = r#"
#include <string.h>
void work(void);
void edit(char *s);
void same(const char *s) {
    if (strcmp(s, "-") == 0) work();
    work();
    if (strcmp(s, "-") == 0) work();
}
void written(char *s) {
    if (strcmp(s, "-") == 0) work();
    s[0] = 'x';
    if (strcmp(s, "-") == 0) work();
}
void handed_on(char *s) {
    if (strcmp(s, "-") == 0) work();
    edit(s);
    if (strcmp(s, "-") == 0) work();
}
void other(const char *s) {
    if (strcmp(s, "-") == 0) work();
    if (strcmp(s, "+") == 0) work();
}
"#;

#[test]
fn a_pure_library_call_with_the_same_arguments_returns_the_same() {
    infeasible(PURE, "same", &[Branch(false), Branch(true)]);
    infeasible(PURE, "same", &[Branch(true), Branch(false)]);
    feasible(PURE, "same", &[Branch(true), Branch(true)]);
}

#[test]
fn a_pure_call_after_a_write_of_what_it_reads_is_another_value() {
    feasible(PURE, "written", &[Branch(false), Branch(true)]);
    feasible(PURE, "handed_on", &[Branch(false), Branch(true)]);
    feasible(PURE, "other", &[Branch(true), Branch(true)]);
}

const STREAMS: &str = r#"
#include <stdio.h>
#include <stdlib.h>
void work(void);
void opened(const char *path) {
    FILE *in = stdin;
    in = fopen(path, "r");
    if (in == NULL) return;
    if (in == stdin) work();
}
void reopened(const char *path) {
    FILE *in = freopen(path, "r", stdin);
    if (in == NULL) return;
    if (in == stdin) work();
}
void chained(void) {
    char *a, *b;
    if ((a = b = malloc(4)) == NULL) return;
    if (b == NULL) work();
}
void two_blocks(void *old) {
    char *p = malloc(4);
    if (p == NULL) return;
    if (p == old) work();
}
"#;

#[test]
fn a_new_object_is_none_of_the_pointers_before_it() {
    infeasible(STREAMS, "opened", &[Branch(false), Branch(true)]);
    feasible(STREAMS, "reopened", &[Branch(false), Branch(true)]);
    infeasible(STREAMS, "two_blocks", &[Branch(false), Branch(true)]);
    feasible(STREAMS, "two_blocks", &[Branch(false), Branch(false)]);
    // `a = b = malloc(n)`: `a` holds the new block.
    infeasible(STREAMS, "chained", &[Branch(false), Branch(true)]);
}

const TYPED_MEMBERS: &str = r#"
struct winlink { int flags; };
struct spawn_context { int flags; int idx; };
struct winlink *find(int idx);
void work(void);
void spawn(struct spawn_context *sc, struct winlink *wl) {
    if (sc->flags & 1) work();
    wl->flags &= ~4;
    if (sc->flags & 1) work();
}
void same_type(struct winlink *a, struct winlink *b) {
    if (a->flags & 1) work();
    b->flags &= ~1;
    if (a->flags & 1) work();
}
"#;

#[test]
fn a_member_written_through_another_structure_type_is_another_object() {
    infeasible(TYPED_MEMBERS, "spawn", &[Branch(false), Branch(true)]);
    // Two pointers to the same structure type may point to one object.
    feasible(TYPED_MEMBERS, "same_type", &[Branch(true), Branch(false)]);
}

const COUNTED_LOOP: &str = r#"
void use(int);
void fill(int *buf) {
    int i;
    for (i = 0; i < 100; i++)
        buf[i] = 0;
    use(i);
}
void twice(int *buf) {
    int i;
    for (i = 0; i < 100; i++) {
        if (i == 3)
            use(i);
    }
}
"#;

/// The verdict on the path of `function` in `src` that takes `choices`, with loops
/// summarised or not, and `reported` step positions.
fn verdict_with_loops(src: &str, function: &str, choices: &[Choice], reported: &[usize], summarise_loops: bool) -> Option<Feasibility> {
    let cfg = cfg(src, function)?;
    let nodes = path(&cfg, choices);
    let steps = nodes.iter().map(|&node| Step::new(node, &[])).collect();
    let query = PathQuery { cfg: &cfg, program: None, function: 0, steps, reported: reported.to_vec(), assumed: Vec::new(), summarise_loops, avoided: Vec::new() };
    Some(check_path(&query, &Limits::default()))
}

#[test]
fn a_summarised_loop_stands_for_every_number_of_iterations() {
    // Leaving a counted loop at its first test contradicts `i = 0`: unrolled, the path needs a
    // hundred iterations; summarised, it stands for all of them.
    if let Some(v) = verdict_with_loops(COUNTED_LOOP, "fill", &[Branch(false)], &[], false) {
        assert!(matches!(v, Feasibility::Infeasible(_)), "expected infeasible, got {v:?}");
    }
    if let Some(v) = verdict_with_loops(COUNTED_LOOP, "fill", &[Branch(false)], &[], true) {
        assert_eq!(v, Feasibility::Feasible);
    }
}

#[test]
fn a_loop_holding_a_reported_event_is_not_summarised() {
    // The reported event is in the loop (at its `i == 3` test): the loop keeps its
    // iterations, and leaving it at the first test still contradicts `i = 0`.
    let Some(cfg) = cfg(COUNTED_LOOP, "twice") else { return };
    let nodes = path(&cfg, &[Branch(false)]);
    let inside = cfg.node_ids().find(|&n| cfg.node(n).kind == NodeKind::Condition && !nodes.contains(&n));
    let Some(inside) = inside else { panic!("the loop has a condition inside") };
    // The path enters the loop head, so the reported step is the loop's exit test, which the
    // inner condition's loop also holds.
    let head = nodes.iter().position(|&n| cfg.cycle_through(n).contains(&inside)).expect("the path visits the loop");
    if let Some(v) = verdict_with_loops(COUNTED_LOOP, "twice", &[Branch(false)], &[head], true) {
        assert!(matches!(v, Feasibility::Infeasible(_)), "expected infeasible, got {v:?}");
    }
}

const CONST_GLOBAL: &str = r#"
extern const int MODE;
extern int mode;
void unknown(void);
void work(void);
void f(void) {
    if (MODE) work();
    unknown();
    if (MODE) work();
}
void g(void) {
    if (mode) work();
    unknown();
    if (mode) work();
}
"#;

#[test]
fn a_const_global_keeps_its_value_across_unknown_calls() {
    // `const`: nothing may write it, not even a function the program does not show.
    infeasible(CONST_GLOBAL, "f", &[Branch(false), Branch(true)]);
    // A global without `const` may be written by the unknown function.
    feasible(CONST_GLOBAL, "g", &[Branch(false), Branch(true)]);
}

const KEPT_POINTER_MEMBER: &str = r#"
struct anchors { int n; };
struct construct { struct anchors *anchors; int other; };
void swap_trees(struct anchors *a, struct anchors *b);
void reset(struct construct *c);
int f(struct construct *env, struct construct *ct) {
    int r = 0;
    if (ct->anchors) r = 1;
    swap_trees(env->anchors, ct->anchors);
    if (ct->anchors) r = 2;
    return r;
}
int g(struct construct *ct) {
    int r = 0;
    if (ct->anchors) r = 1;
    reset(ct);
    if (ct->anchors) r = 2;
    return r;
}
"#;

#[test]
fn a_pointer_member_passed_by_value_keeps_its_value() {
    // The unknown callee may keep `ct->anchors` and write through it; it cannot change the
    // member, which is not passed.
    infeasible(KEPT_POINTER_MEMBER, "f", &[Branch(true), Branch(false)]);
    infeasible(KEPT_POINTER_MEMBER, "f", &[Branch(false), Branch(true)]);
    feasible(KEPT_POINTER_MEMBER, "f", &[Branch(true), Branch(true)]);
    // Given `ct` itself, it may.
    feasible(KEPT_POINTER_MEMBER, "g", &[Branch(true), Branch(false)]);
}

const WHOLE_STRUCT_COPY: &str = r#"
struct anchors { int count; };
struct config { int verbosity; struct anchors *trust; };
struct construct { struct anchors *anchors; struct config *oldcfg; };
int f(struct construct *ct, struct config *cfg) {
    int a = 0;
    if (ct->anchors) a = 1;
    *ct->oldcfg = *cfg;
    if (ct->anchors) a += 2;
    return a;
}
int g(struct config *cfg, struct config *newcfg, struct config *other) {
    int a = 0;
    if (other->trust) a = 1;
    *cfg = *newcfg;
    if (other->trust) a += 2;
    return a;
}
int h(struct construct *ct, void *raw, struct config *cfg) {
    int a = 0;
    if (ct->anchors) a = 1;
    *(struct anchors **)raw = 0;
    if (ct->anchors) a += 2;
    return a;
}
"#;

#[test]
fn a_whole_structure_copy_writes_only_objects_of_its_type() {
    // A `struct config` written through a pointer is not the `struct construct` holding
    // `ct->anchors`.
    infeasible(WHOLE_STRUCT_COPY, "f", &[Branch(true), Branch(false)]);
    infeasible(WHOLE_STRUCT_COPY, "f", &[Branch(false), Branch(true)]);
    feasible(WHOLE_STRUCT_COPY, "f", &[Branch(true), Branch(true)]);
    // Another `struct config` may be the one written.
    feasible(WHOLE_STRUCT_COPY, "g", &[Branch(true), Branch(false)]);
    // So may any memory, by a store of a pointer through an untyped one.
    feasible(WHOLE_STRUCT_COPY, "h", &[Branch(true), Branch(false)]);
}

const MEMBER_ADDRESS: &str = r#"
struct inner { int a[4]; int f; };
struct outer { struct inner *n; };
int f(struct outer *p) {
    int *w;
    int r = 0;
    if (p->n == 0) r = 1;
    w = p->n->a;
    if (w == 0) r += 2;
    return r;
}
int g(struct outer *p) {
    int *w;
    int r = 0;
    if (p->n == 0) r = 1;
    w = &p->n->f;
    if (p->n == 0) r += 2;
    return r + *w;
}
"#;

#[test]
fn the_address_of_a_member_is_not_null_and_taking_it_writes_nothing() {
    // An array member decayed to a pointer is not NULL.
    infeasible(MEMBER_ADDRESS, "f", &[Branch(false), Branch(true)]);
    feasible(MEMBER_ADDRESS, "f", &[Branch(false), Branch(false)]);
    // Taking `&p->n->f` reads `p->n`; it does not write through it.
    infeasible(MEMBER_ADDRESS, "g", &[Branch(false), Branch(true)]);
    infeasible(MEMBER_ADDRESS, "g", &[Branch(true), Branch(false)]);
}
