//! Hostile depth: formulas nested 10,000 deep, a 10,000-link `<->` chain, a flat disjunction of 60,000 terms and call
//! chains 20,000 components deep are parsed, reduced, decided by every strategy and explained
//! with witnesses on a thread with the default test stack (2 MiB), so nothing may recurse as
//! deep as the input. Witness construction is linear: doubling the chain's depth must not
//! quadruple the work (counted in steps, never timed).

use goanna_mc::ctl::{parse, Dag, Formula};
use goanna_mc::witness::{explain, witness_from};
use goanna_mc::{check, Model, ModelBuilder, Strategy};

const STRATEGIES: [Strategy; 3] = [Strategy::Exhaustive, Strategy::Incremental, Strategy::Lazy];

/// Runs `f` on a thread with the default stack of test threads (2 MiB), like `cargo test`.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("the test thread panicked");
}

/// `ops` applied `depth` times around `core`, outermost first, as text.
fn nested(prefix: &str, suffix: &str, core: &str, depth: usize) -> String {
    let mut s = String::with_capacity(depth * (prefix.len() + suffix.len()) + core.len());
    for _ in 0..depth {
        s.push_str(prefix);
    }
    s.push_str(core);
    for _ in 0..depth {
        s.push_str(suffix);
    }
    s
}

/// main → f1 → … → f{depth}: each component's entry calls the next one and returns to its exit;
/// the innermost entry carries `goal`, every node `a`.
fn chain(depth: usize) -> Model {
    let mut b = ModelBuilder::new();
    let comps: Vec<u32> = (0..=depth)
        .map(|i| b.add_component(&format!("f{i}")))
        .collect();
    let mut ends = Vec::new();
    for (i, &c) in comps.iter().enumerate() {
        let labels: &[&str] = if i == depth { &["a", "goal"] } else { &["a"] };
        let en = b.add_node(c, &format!("en{i}"), labels);
        let ex = b.add_node(c, &format!("ex{i}"), &["a"]);
        b.set_entry(en);
        b.set_exit(ex);
        ends.push((en, ex));
    }
    for i in 0..depth {
        let bx = b.add_box(comps[i], &format!("call{i}"), comps[i + 1]);
        b.edge_to_call(ends[i].0, bx, ends[i + 1].0);
        b.edge_from_return(bx, ends[i + 1].1, ends[i].1);
    }
    b.edge_nodes(ends[depth].0, ends[depth].1);
    b.build().expect("chain model")
}

/// A model with one node labelled `a`, looping on itself.
fn one_node() -> Model {
    let mut b = ModelBuilder::new();
    let c = b.add_component("main");
    let n = b.add_node(c, "n", &["a"]);
    b.set_entry(n);
    b.edge_nodes(n, n);
    b.build().expect("model")
}

fn decide_everywhere(m: &Model, f: &Formula, want: bool) {
    for s in STRATEGIES {
        let v = check(m, f, s).expect("check");
        assert_eq!(v.holds, want, "strategy {s}");
    }
}

#[test]
fn nested_negations_10000_deep() {
    on_small_stack(|| {
        let text = nested("!", "", "a", 10_000);
        let f = parse(&text).expect("parse");
        assert_eq!(Dag::new(&f).len(), 2, "double negations cancel");
        decide_everywhere(&one_node(), &f, true);
        let text = nested("!(", ")", "a", 10_001);
        decide_everywhere(&one_node(), &parse(&text).expect("parse"), false);
        drop(f);
    });
}

/// `a <-> a <-> ... <-> a`: the parser once expanded each `<->` into two implications that
/// copied both operands, so the tree doubled with every link (the `ctl_parser` fuzz target hung
/// on 27 of them). It is one node now, reduced with shared operands: linear in the chain.
#[test]
fn iff_chain_10000_long() {
    on_small_stack(|| {
        let text = vec!["a"; 10_001].join(" <-> ");
        let f = parse(&text).expect("parse");
        assert!(Dag::new(&f).len() < 10 * 10_001, "the DAG is linear in the chain");
        // `a` holds at the node: a <-> (a <-> (... <-> a)) is true, and with `!a` innermost,
        // every link is `a <-> false`: false.
        decide_everywhere(&one_node(), &f, true);
        let f = parse(&format!("{} <-> !a", vec!["a"; 10_000].join(" <-> "))).expect("parse");
        decide_everywhere(&one_node(), &f, false);
        assert_eq!(parse("a <-> b").expect("parse").to_string(), "(a <-> b)");
    });
}

#[test]
fn nested_ex_10000_deep() {
    on_small_stack(|| {
        let f = parse(&nested("EX ", "", "a", 10_000)).expect("parse");
        assert_eq!(Dag::new(&f).len(), 10_001);
        decide_everywhere(&one_node(), &f, true);
        let f = parse(&nested("EX (", ")", "!a", 10_000)).expect("parse");
        decide_everywhere(&one_node(), &f, false);
        assert_eq!(f.to_string().len(), nested("EX ", "", "!a", 10_000).len());
    });
}

/// `A[a U …]` 10,000 deep is parsed, reduced, hash-consed, compared, cloned, printed and dropped
/// on a small stack. Deciding it is quadratic by the design of contexts (every node's context
/// lists all existential subformulae below it: 20,000 here), so the strategies decide it 300 deep.
#[test]
fn nested_au_10000_deep() {
    on_small_stack(|| {
        let text = nested("A[a U ", "]", "a", 10_000);
        let f = parse(&text).expect("parse");
        let dag = Dag::new(&f);
        assert_eq!(
            dag.nodes.iter().filter(|n| n.is_existential()).count(),
            20_000
        );
        let g = f.clone();
        assert_eq!(f, g);
        assert_eq!(f.to_string(), text);
        drop(g);
        let f = parse(&nested("A[a U ", "]", "a", 300)).expect("parse");
        decide_everywhere(&one_node(), &f, true);
        let f = parse(&nested("A[a U ", "]", "!a", 300)).expect("parse");
        decide_everywhere(&one_node(), &f, false);
    });
}

#[test]
fn flat_disjunction_60000_terms() {
    on_small_stack(|| {
        let terms: Vec<String> = (0..60_000).map(|i| format!("p{i}")).collect();
        let f = parse(&terms.join(" | ")).expect("parse");
        let dag = Dag::new(&f);
        assert_eq!(dag.atoms.len(), 60_000);
        decide_everywhere(&one_node(), &f, false);
        let f = parse(&format!("{} | a", terms.join(" | "))).expect("parse");
        decide_everywhere(&one_node(), &f, true);
        let f = parse(&terms.join(" & ")).expect("parse");
        decide_everywhere(&one_node(), &f, false);
    });
}

#[test]
fn call_chain_20000_deep_every_strategy() {
    on_small_stack(|| {
        let m = chain(20_000);
        for (text, want) in [
            ("EF goal", true),
            ("AG !goal", false),
            ("E[a U goal]", true),
            ("AF goal", true),
            ("EG a", true),
            ("EG !goal", false),
            ("AX EX a", true),
        ] {
            decide_everywhere(&m, &parse(text).expect("parse"), want);
        }
    });
}

/// Witness of `EF goal` from the outermost entry of a chain `depth` deep: its length, and the
/// total call-stack depth over its steps (the work of materialising every stack).
fn chain_witness(depth: usize) -> (usize, usize) {
    let m = chain(depth);
    let w = witness_from(
        &m,
        &parse("EF goal").expect("parse"),
        &[],
        m.node_by_name("en0").unwrap(),
    )
    .expect("witness query")
    .expect("a witness");
    let last = w.steps.last().unwrap();
    assert_eq!(m.node_name(last.node), format!("en{depth}"));
    assert_eq!(w.stack_len(w.steps.len() - 1), depth);
    (w.steps.len(), w.work())
}

#[test]
fn witness_through_1000_deep_chain_is_linear() {
    on_small_stack(|| {
        let (len1, work1) = chain_witness(1_000);
        let (len2, work2) = chain_witness(2_000);
        assert_eq!(len1, 1_001);
        assert_eq!(len2, 2_001);
        assert!(
            work2 < 3 * work1,
            "doubling the depth: work {work1} -> {work2}"
        );
    });
}

#[test]
fn witness_through_20000_deep_chain() {
    on_small_stack(|| {
        let (len, _) = chain_witness(20_000);
        assert_eq!(len, 20_001);
        let m = chain(20_000);
        let (holds, w) = explain(&m, &parse("AG !goal").unwrap()).expect("counterexample");
        assert!(!holds);
        assert_eq!(w.steps.len(), 20_001);
        let (holds, w) = explain(&m, &parse("EG a").unwrap()).expect("witness");
        assert!(holds);
        assert!(w.loop_start.is_some());
    });
}
