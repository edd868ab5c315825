//! Callee relations: hand-written paths whose feasibility depends on what a callee returns for
//! the arguments it is given. Each is decided with the program's graphs (the relation applies)
//! and without them (the result stays unknown), so a test fails when the relation is missing
//! and when it is wrong.

use goanna_cfg::{build_cfgs, Cfg, EdgeKind, LibraryModels, NodeId, NodeKind};
use goanna_feasible::{check_path, Assumed, CalleeGraphs, Feasibility, Limits, PathQuery, Step};

/// Every function of a translation unit, looked up by the callee's name.
struct Program {
    cfgs: Vec<Cfg>,
}

impl CalleeGraphs for Program {
    fn callee(&self, function: u32, node: NodeId) -> Option<(u32, &Cfg)> {
        let NodeKind::Call(site) = &self.cfgs.get(function as usize)?.node(node).kind else { return None };
        let name = site.callee_name.as_deref()?;
        let i = self.cfgs.iter().position(|c| c.name == name)?;
        Some((i as u32, &self.cfgs[i]))
    }
}

/// The program of `src`; `None` when libclang is unavailable.
fn program(src: &str) -> Option<Program> {
    let opts = goanna_frontend::ParseOptions::default();
    match goanna_frontend::parse_source("test.c", src, &opts) {
        Ok(tu) => Some(Program { cfgs: build_cfgs(&tu, &LibraryModels::builtin()) }),
        Err(e) => {
            eprintln!("skipping: front end unavailable: {e}");
            None
        }
    }
}

/// The path from the entry to the exit of `cfg` that takes the branch outcomes `choices` at
/// the conditions it meets, in order (back edges are never taken).
fn path(cfg: &Cfg, choices: &[bool]) -> Vec<NodeId> {
    let mut at = cfg.entry;
    let mut out = vec![at];
    let mut choices = choices.iter();
    while at != cfg.exit {
        let node = cfg.node(at);
        let forward: Vec<_> = node.succs.iter().filter(|e| e.kind != EdgeKind::Back).collect();
        let next = if node.kind == NodeKind::Condition {
            let want = if *choices.next().expect("a choice for every condition") { EdgeKind::True } else { EdgeKind::False };
            forward.iter().find(|e| e.kind == want).expect("the chosen edge exists").target
        } else {
            forward.first().expect("a successor").target
        };
        out.push(next);
        at = next;
        assert!(out.len() < 1000, "path does not reach the exit");
    }
    out
}

/// The verdicts on the path of `function` taking `choices`, with and without the program's
/// graphs; `null_result_at`: the result of the `k`-th call on the path is assumed NULL there.
fn verdicts(src: &str, function: &str, choices: &[bool], null_result_at: Option<usize>) -> Option<(Feasibility, Feasibility)> {
    verdicts_assuming(src, function, choices, null_result_at.map(|k| (k, false)))
}

/// [`verdicts`], with the result of the `k`-th call assumed NULL, and for `(k, true)` required
/// to be certain ([`Assumed::NullCertain`]).
fn verdicts_assuming(src: &str, function: &str, choices: &[bool], null_result_at: Option<(usize, bool)>) -> Option<(Feasibility, Feasibility)> {
    verdicts_within(src, function, choices, null_result_at, &Limits::default())
}

/// [`verdicts_assuming`] under the solver limits `limits`.
fn verdicts_within(src: &str, function: &str, choices: &[bool], null_result_at: Option<(usize, bool)>, limits: &Limits) -> Option<(Feasibility, Feasibility)> {
    let program = program(src)?;
    let f = program.cfgs.iter().position(|c| c.name == function).expect("the function exists");
    let cfg = &program.cfgs[f];
    let nodes = path(cfg, choices);
    let calls: Vec<usize> = nodes.iter().enumerate().filter(|(_, &n)| matches!(cfg.node(n).kind, NodeKind::Call(_))).map(|(i, _)| i).collect();
    let (reported, assumed) = match null_result_at {
        Some((k, certain)) => {
            let at = calls[k];
            let NodeKind::Call(site) = &cfg.node(nodes[at]).kind else { unreachable!() };
            let r = site.result.expect("the call's result is stored");
            // A finding that needs a certain NULL reports the dereference where its path ends
            // (the step before the exit), which then implies nothing.
            let reported = if certain { vec![at, nodes.len().saturating_sub(2)] } else { vec![at] };
            (reported, vec![(at, if certain { Assumed::NullCertain(r) } else { Assumed::Null(r) })])
        }
        None => (Vec::new(), Vec::new()),
    };
    let decide = |graphs: Option<&dyn CalleeGraphs>| {
        let steps = nodes.iter().map(|&node| Step::new(node, &[])).collect();
        let query = PathQuery { cfg, program: graphs, function: f as u32, steps, reported: reported.clone(), assumed: assumed.clone(), summarise_loops: false, avoided: Vec::new() };
        check_path(&query, limits)
    };
    Some((decide(Some(&program)), decide(None)))
}

fn infeasible_by_relation(src: &str, function: &str, choices: &[bool], null_result_at: Option<usize>) {
    let Some((with, without)) = verdicts(src, function, choices, null_result_at) else { return };
    assert!(matches!(with, Feasibility::Infeasible(_)), "{function}: expected infeasible with the callee's relation, got {with:?}");
    assert_eq!(without, Feasibility::Feasible, "{function}: without the program the path must stay feasible");
}

fn feasible(src: &str, function: &str, choices: &[bool], null_result_at: Option<usize>) {
    let Some((with, _)) = verdicts(src, function, choices, null_result_at) else { return };
    assert_eq!(with, Feasibility::Feasible, "{function}: expected feasible");
}

const VALIDATOR: &str = r#"
#include <stddef.h>
int validate(const int *p, int max) {
    if (p == NULL)
        return -1;
    if (*p > max)
        return -2;
    return 0;
}
int use(const int *p) {
    if (validate(p, 10) != 0)
        return 0;
    if (p == NULL)
        return 1;
    return 2;
}
"#;

#[test]
fn a_validator_that_fails_for_null_rules_out_null_after_success() {
    // validate() returned 0, then p found NULL.
    infeasible_by_relation(VALIDATOR, "use", &[false, true], None);
}

#[test]
fn a_validator_failing_leaves_null_possible() {
    feasible(VALIDATOR, "use", &[true], None);
    // Success, then p not NULL.
    feasible(VALIDATOR, "use", &[false, false], None);
}

const LOOP_BEFORE_RESULT: &str = r#"
int sum_or_fail(int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i;
    if (n < 0)
        return -1;
    return s;
}
int caller(int x) {
    int r = sum_or_fail(x);
    if (x < 0) {
        if (r != -1)
            return 1;
    }
    return 0;
}
"#;

#[test]
fn a_loop_in_the_callee_forgets_only_what_it_writes() {
    // x < 0 makes the callee return -1 whatever the loop did to s and i.
    infeasible_by_relation(LOOP_BEFORE_RESULT, "caller", &[true, true], None);
    // x >= 0: the loop's sum is unknown, any result is possible.
    feasible(LOOP_BEFORE_RESULT, "caller", &[false], None);
}

const NESTED: &str = r#"
int is_small(int v) {
    return v < 8;
}
int check(int v) {
    if (!is_small(v))
        return -1;
    return 0;
}
int top(int v) {
    if (check(v) == 0) {
        if (v >= 8)
            return 1;
    }
    return 0;
}
"#;

#[test]
fn relations_nest_through_callees_of_callees() {
    infeasible_by_relation(NESTED, "top", &[true, true], None);
    feasible(NESTED, "top", &[true, false], None);
}

const OWN_NULL: &str = r#"
#include <stddef.h>
char *pass(char *s) {
    return s;
}
char *first_word(char *s) {
    if (*s == 0)
        return NULL;
    return s;
}
int a(char *s) {
    char *t = pass(s);
    return t != 0;
}
int b(char *s) {
    char *t = first_word(s);
    return t != 0;
}
"#;

#[test]
fn a_null_result_is_the_callees_own_null_not_its_arguments() {
    // pass() hands back what it was given: a NULL result is the caller's own NULL argument.
    infeasible_by_relation(OWN_NULL, "a", &[], Some(0));
    // first_word() returns NULL of its own.
    feasible(OWN_NULL, "b", &[], Some(0));
}

const MEMBER_GETTER: &str = r#"
#include <stddef.h>
struct info { int type; };
struct ctx { const struct info *info; void *data; };
int get_type(const struct ctx *c) {
    if (c == NULL || c->info == NULL)
        return 0;
    return c->info->type;
}
void *as_one(const struct ctx c) {
    if (get_type(&c) != 1)
        return NULL;
    return c.data;
}
void touch(struct ctx *c);
int same(const struct ctx *c) {
    if (get_type(c) != 1)
        return 0;
    void *r = as_one(*c);
    return r != NULL;
}
int other(const struct ctx *c) {
    if (get_type(c) != 2)
        return 0;
    void *r = as_one(*c);
    return r != NULL;
}
int written(struct ctx *c) {
    if (get_type(c) != 1)
        return 0;
    touch(c);
    void *r = as_one(*c);
    return r != NULL;
}
"#;

#[test]
fn a_getter_of_memory_read_twice_agrees_with_itself() {
    // get_type(c) == 1, then as_one(*c) — whose own get_type(&copy) reads the same
    // c->info->type — returned NULL: infeasible.
    infeasible_by_relation(MEMBER_GETTER, "same", &[false], Some(1));
    // Type 2: as_one returns NULL.
    feasible(MEMBER_GETTER, "other", &[false], Some(1));
    // A call that may write through c in between: the type may have changed.
    feasible(MEMBER_GETTER, "written", &[false], Some(2));
}

const GLOBAL_FLAG: &str = r#"
int enabled;
int is_enabled(void) {
    return enabled != 0;
}
int flagged(void) {
    if (!enabled)
        return 0;
    if (!is_enabled())
        return 1;
    return 2;
}
"#;

#[test]
fn a_callee_reads_the_callers_globals() {
    infeasible_by_relation(GLOBAL_FLAG, "flagged", &[false, true], None);
    feasible(GLOBAL_FLAG, "flagged", &[false, false], None);
}

const ADDRESS_PASSED: &str = r#"
struct box { int n; };
int box_n(const struct box *b) {
    return b->n;
}
int boxed(void) {
    struct box x;
    x.n = 3;
    if (box_n(&x) != 3)
        return 1;
    return 0;
}
"#;

#[test]
fn memory_behind_an_address_passed_is_the_callers_object() {
    infeasible_by_relation(ADDRESS_PASSED, "boxed", &[true], None);
    feasible(ADDRESS_PASSED, "boxed", &[false], None);
}

const OUT_PARAMETER: &str = r#"
int parse(const char *s, int *out) {
    if (s[0] != '1')
        return -1;
    *out = 1;
    return 0;
}
int caller(const char *s) {
    int v = 0;
    if (parse(s, &v) != 0) {
        if (v == 1)
            return 1;
    }
    return 0;
}
"#;

#[test]
fn an_out_parameter_holds_what_the_callee_left_on_the_path_it_took() {
    // parse() failed: it wrote nothing, v is still 0.
    infeasible_by_relation(OUT_PARAMETER, "caller", &[true, true], None);
    // parse() failed and v is 0; or it succeeded.
    feasible(OUT_PARAMETER, "caller", &[true, false], None);
    feasible(OUT_PARAMETER, "caller", &[false], None);
}

const LATENT_GETTER: &str = r#"
#include <stddef.h>
struct entry { int key; };
struct entry *entry_at(struct entry *table, int idx, int count) {
    if (idx < 0 || idx >= count)
        return NULL;
    return &table[idx];
}
int open_range(struct entry *table, int idx, int count) {
    struct entry *e = entry_at(table, idx, count);
    return e->key;
}
int past_the_end(struct entry *table, int count) {
    int idx = count;
    struct entry *e = entry_at(table, idx, count);
    return e->key;
}
int constant_index(struct entry *table) {
    struct entry *e = entry_at(table, 5, 3);
    return e->key;
}
int checked_range(struct entry *table, int idx, int count) {
    if (idx >= count)
        return -1;
    struct entry *e = entry_at(table, idx, count);
    return e->key;
}
"#;

#[test]
fn a_latent_null_is_reported_only_where_the_path_forces_it() {
    let certain = |function: &str, choices: &[bool]| verdicts_assuming(LATENT_GETTER, function, choices, Some((0, true))).map(|(with, _)| with);
    // Any index: the getter may return an entry.
    let open = certain("open_range", &[]);
    assert!(matches!(open, Some(Feasibility::Latent(_)) | None), "an open range leaves the NULL latent: {open:?}");
    // Past the end, by a variable and by constants: nothing else is possible.
    for function in ["past_the_end", "constant_index"] {
        if let Some(v) = certain(function, &[]) {
            assert_eq!(v, Feasibility::Feasible, "{function}: the path forces the NULL");
        }
    }
    // Checked against the end but not below zero: a negative index is still possible, so the
    // NULL is possible and not forced.
    assert!(matches!(certain("checked_range", &[false]), Some(Feasibility::Latent(_)) | None));
}

#[test]
fn a_latent_null_the_solver_cannot_show_forced_stays_latent() {
    // Past the end the NULL is forced, but with no work allowed the solver cannot tell: the
    // finding needs the NULL shown to be forced, so it is latent, not reported as unknown.
    let starved = Limits { rlimit: 1, ..Limits::default() };
    if let Some((with, _)) = verdicts_within(LATENT_GETTER, "past_the_end", &[], Some((0, true)), &starved) {
        assert!(matches!(with, Feasibility::Latent(_)), "past_the_end without solver work: {with:?}");
    }
}

#[test]
fn a_latent_null_the_path_contradicts_is_infeasible_not_latent() {
    const SRC: &str = r#"
#include <stddef.h>
int *only_for_negative(int *p, int x) {
    if (x < 0)
        return NULL;
    return p;
}
int use(int *p) {
    int *q = only_for_negative(p, 4);
    return *q;
}
"#;
    if let Some((with, _)) = verdicts_assuming(SRC, "use", &[], Some((0, true))) {
        assert!(matches!(with, Feasibility::Infeasible(_)), "x = 4 never returns NULL: {with:?}");
    }
}

const PURE_GETTER: &str = r#"
#include <stddef.h>
struct set { const char *data[8]; int ids[8]; int count; };
struct handle { struct set strings; int hits; };
static int find_index(const struct set *s, int id, int *out) {
    for (int i = 0; i < 8; i++) {
        if (s->ids[i] == id) {
            *out = i;
            return 1;
        }
    }
    return 0;
}
const char *set_get(struct set *s, int id) {
    int i;
    if (s->count == 0)
        return NULL;
    if (find_index(s, id, &i))
        return s->data[i];
    return NULL;
}
void note(struct handle *h);
const char *same_twice(struct handle *h, const char *fallback) {
    const char *path = fallback;
    if (set_get(&h->strings, 3))
        path = set_get(&h->strings, 3);
    return path;
}
const char *another_id(struct handle *h, const char *fallback) {
    const char *path = fallback;
    if (set_get(&h->strings, 3))
        path = set_get(&h->strings, 4);
    return path;
}
const char *written_between(struct handle *h, const char *fallback) {
    const char *path = fallback;
    if (set_get(&h->strings, 3)) {
        note(h);
        path = set_get(&h->strings, 3);
    }
    return path;
}
"#;

#[test]
fn a_function_that_writes_nothing_returns_the_same_for_the_same_arguments() {
    // The first result tested non-NULL, the second (same arguments, nothing written in
    // between) taken as NULL.
    let Some((with, without)) = verdicts(PURE_GETTER, "same_twice", &[true], Some(1)) else { return };
    assert!(matches!(with, Feasibility::Infeasible(_)), "the same call returns the same: {with:?}");
    assert_eq!(without, Feasibility::Feasible, "without the program nothing is known of the callee");
    // Another argument, or a call that may write the memory the getter reads, in between.
    feasible(PURE_GETTER, "another_id", &[true], Some(1));
    feasible(PURE_GETTER, "written_between", &[true], Some(2));
}

#[test]
fn a_member_pointer_never_considered_null_is_not_null_for_this_finding_only() {
    const SRC: &str = r#"
#include <stddef.h>
struct buf { char *pos; };
struct tested { char *pos; };
int first(struct buf *b) {
    char *prev = NULL;
    if (prev == b->pos)
        return 1;
    return 0;
}
int considered(struct tested *t) {
    char *prev = NULL;
    if (t->pos == NULL)
        prev = NULL;
    if (prev == t->pos)
        return 1;
    return 0;
}
"#;
    let Some((with, _)) = verdicts(SRC, "first", &[true], None) else { return };
    match with {
        // A belief, not a fact: the observer it gives is the finding's own.
        Feasibility::Infeasible(core) => assert!(core.assumes_reported, "the contradiction rests on a belief: {core:?}"),
        other => panic!("`pos` is never considered NULL, so `prev == pos` is false: {other:?}"),
    }
    // A member the function compares with NULL keeps the path.
    feasible(SRC, "considered", &[true, true], None);
}

const WALKED: &str = r#"
void lock(void);
void unlock(void);
int mark;
void helper(int threads) {
    if (threads)
        lock();
    mark++;
    if (threads)
        unlock();
}
void caller(int threads) {
    helper(threads);
}
void guarded(int threads) {
    if (threads)
        return;
    helper(threads);
}
"#;

/// The verdict on the one path of `function` through its call of `helper` (after `choices` in
/// `function`), along the walk through `helper` that takes `inside` and, with `stop`, stops at
/// the first node of that walk with a call (`lock()` or `unlock()`) past `stop` conditions.
fn walked(function: &str, choices: &[bool], inside: &[bool], stop: Option<usize>) -> Option<Feasibility> {
    let program = program(WALKED)?;
    let f = program.cfgs.iter().position(|c| c.name == function).expect("the function exists");
    let h = program.cfgs.iter().position(|c| c.name == "helper").expect("helper");
    let (cfg, helper) = (&program.cfgs[f], &program.cfgs[h]);
    let mut nodes = path(cfg, choices);
    let call = nodes.iter().position(|&n| matches!(&cfg.node(n).kind, NodeKind::Call(s) if s.callee_name.as_deref() == Some("helper"))).expect("call of helper");
    let mut walked = path(helper, inside);
    let mut stops_at = None;
    if let Some(k) = stop {
        // The walk ends at the first call after the `k`-th condition; so does the caller's path.
        let conditions: Vec<usize> = walked.iter().enumerate().filter(|(_, &n)| helper.node(n).kind == NodeKind::Condition).map(|(i, _)| i).collect();
        let end = walked.iter().enumerate().skip(conditions[k]).find(|(_, &n)| matches!(helper.node(n).kind, NodeKind::Call(_))).map(|(i, _)| i).expect("a call after the condition");
        walked.truncate(end + 1);
        stops_at = walked.last().copied();
        nodes.truncate(call + 1);
    }
    let mut edges: Vec<(NodeId, NodeId)> = walked.windows(2).map(|w| (w[0], w[1])).collect();
    edges.sort_unstable();
    edges.dedup();
    let walk = goanna_feasible::Walk { edges, stops_at, calls: Vec::new() };
    let steps = nodes.iter().enumerate().map(|(i, &node)| Step { walk: (i == call).then_some(&walk), ..Step::new(node, &[]) }).collect();
    let reported = if stop.is_some() { vec![call] } else { Vec::new() };
    let query = PathQuery { cfg, program: Some(&program), function: f as u32, steps, reported, assumed: Vec::new(), summarise_loops: false, avoided: Vec::new() };
    Some(check_path(&query, &Limits::default()))
}

#[test]
fn a_walk_through_a_callee_that_contradicts_itself_is_infeasible() {
    // `helper` skips the lock (`threads` false) and unlocks (`threads` true): nothing writes
    // `threads` in between.
    match walked("caller", &[], &[false, true], None) {
        None | Some(Feasibility::Infeasible(_)) => {}
        Some(other) => panic!("expected infeasible, got {other:?}"),
    }
    // The same test taken the same way twice, either way.
    assert!(matches!(walked("caller", &[], &[true, true], None), None | Some(Feasibility::Feasible)));
    assert!(matches!(walked("caller", &[], &[false, false], None), None | Some(Feasibility::Feasible)));
}

#[test]
fn a_walk_that_stops_inside_a_callee_is_decided_up_to_its_stop() {
    // `guarded` calls `helper` only with `threads` false: a walk that stops at the lock needs it
    // true.
    match walked("guarded", &[false], &[true, true], Some(0)) {
        None | Some(Feasibility::Infeasible(_)) => {}
        Some(other) => panic!("expected infeasible, got {other:?}"),
    }
    // Stopping at the unlock after skipping the lock agrees with the caller's test up to there.
    assert!(matches!(walked("guarded", &[false], &[false, true], Some(1)), None | Some(Feasibility::Infeasible(_))));
    assert!(matches!(walked("caller", &[], &[false, true], Some(1)), None | Some(Feasibility::Infeasible(_))));
    assert!(matches!(walked("caller", &[], &[true, true], Some(1)), None | Some(Feasibility::Feasible)));
    assert!(matches!(walked("caller", &[], &[true, true], Some(0)), None | Some(Feasibility::Feasible)));
}

const TAILED: &str = r#"
#include <stddef.h>
char *build(const char *s);
void note(int);
static char *expand(int *err, const char *s, int a, int b, int c, int d) {
    char *ret = NULL;
    *err = 1;
    if (a) note(1);
    if (b) note(2);
    if (c) note(3);
    if (d) note(4);
    if (s == NULL)
        goto out;
    ret = build(s);
    *err = 0;
out:
    note(0);
    return *err ? NULL : ret;
}
int expanded(const char *s, int a, int b, int c, int d) {
    int err;
    char *p = expand(&err, s, a, b, c, d);
    if (p != NULL && err != 0)
        return 1;
    return 0;
}
"#;

#[test]
fn a_callee_with_too_many_paths_is_related_by_its_common_tail() {
    // `expand` has more paths than are enumerated, but every one ends returning NULL when it
    // reports an error: a non-NULL result with the error set is no path.
    infeasible_by_relation(TAILED, "expanded", &[true, true], None);
    feasible(TAILED, "expanded", &[false], None);
}

const MANY_PATHS: &str = r#"
int step(int k);
int reduce(int x) {
    if (x > 100)
        return -5;
    return 0;
}
int classify(int a, int b, int c, int d, int e) {
    int r;
    if (a) step(1);
    if (b) step(2);
    if (c) step(3);
    if (d) step(4);
    if (a > b) {
        if (e) return 1;
        step(5);
        if (c > d) return 2;
        r = reduce(e);
        return r;
    }
    if (step(6)) return 0;
    return b > c ? 1 : 2;
}
int user(int a, int b, int c, int d, int e) {
    int r = classify(a, b, c, d, e);
    if (r < 0)
        return r;
    if (r == 0)
        return 10;
    if (r == 1)
        return 11;
    if (r == 2)
        return 12;
    return 13;
}
"#;

#[test]
fn a_callee_with_too_many_paths_is_bounded_by_what_it_returns() {
    // `classify` has more paths than are enumerated, and they share no tail; every `return`
    // gives 0, 1, 2 or what `reduce` returns (0 or -5): no result is above 2.
    infeasible_by_relation(MANY_PATHS, "user", &[false, false, false, false], None);
    feasible(MANY_PATHS, "user", &[false, false, false, true], None);
    feasible(MANY_PATHS, "user", &[true], None);
}
