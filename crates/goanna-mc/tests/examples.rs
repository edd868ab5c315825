//! Worked examples of the thesis (tables of expected labels) and of the lazy RSM papers.
//!
//! The thesis lets the outermost function return to a label-free terminal location; here an exit
//! with an empty stack loops forever on itself, so each example is wrapped in a component
//! `W: w0 -> call -> wend` whose exit `wend` carries no label. Contexts are selected with call
//! stacks (`sat_nodes_in`).

use goanna_mc::ctl::{parse, Formula};
use goanna_mc::witness::sat_nodes_in;
use goanna_mc::{check, Model, ModelBuilder, Strategy};

fn values(m: &Model, f: &str, stack: &[&str]) -> Vec<(String, bool)> {
    let f = parse(f).unwrap();
    let boxes: Vec<u32> = stack
        .iter()
        .map(|b| {
            (0..m.n_boxes() as u32)
                .find(|&x| m.box_info(x).name() == *b)
                .unwrap()
        })
        .collect();
    sat_nodes_in(m, &f, &boxes)
        .unwrap()
        .into_iter()
        .map(|(n, b)| (m.node_name(n).to_string(), b))
        .collect()
}

fn value(m: &Model, f: &str, stack: &[&str], node: &str) -> bool {
    values(m, f, stack)
        .into_iter()
        .find(|x| x.0 == node)
        .unwrap()
        .1
}

fn all_strategies(m: &Model, f: &str) -> bool {
    let f: Formula = parse(f).unwrap();
    let r: Vec<bool> = Strategy::ALL
        .iter()
        .map(|&s| check(m, &f, s).unwrap().holds)
        .collect();
    assert!(
        r.iter().all(|&x| x == r[0]),
        "strategies disagree on {f}: {r:?}"
    );
    r[0]
}

/// Wrapper W calling `callee` once: `w0 -> call -> wend`.
fn wrap(b: &mut ModelBuilder, callee: u32, entry: u32, exits: &[u32]) {
    let w = b.add_component("W");
    b.set_initial(w);
    let w0 = b.add_node(w, "w0", &[]);
    let wend = b.add_node(w, "wend", &[]);
    b.set_entry(w0);
    b.set_exit(wend);
    let bx = b.add_box(w, "wcall", callee);
    b.edge_to_call(w0, bx, entry);
    for &x in exits {
        b.edge_from_return(bx, x, wend);
    }
}

#[test]
fn thesis_fig_3_3_eg_p() {
    // A: a1(p) -> a2 (call B) -> a5 (p, exit); a1 -> a3 (call B) -> a4 (p, self loop)
    // B: b1(p) -> b2 (call A) -> b3 (p, exit); b1 -> b3
    let mut b = ModelBuilder::new();
    let a = b.add_component("A");
    let bb = b.add_component("B");
    let a1 = b.add_node(a, "a1", &["p"]);
    let a4 = b.add_node(a, "a4", &["p"]);
    let a5 = b.add_node(a, "a5", &["p"]);
    let b1 = b.add_node(bb, "b1", &["p"]);
    let b3 = b.add_node(bb, "b3", &["p"]);
    b.set_entry(a1);
    b.set_exit(a5);
    b.set_entry(b1);
    b.set_exit(b3);
    let a2 = b.add_box(a, "a2", bb);
    let a3 = b.add_box(a, "a3", bb);
    let b2 = b.add_box(bb, "b2", a);
    b.edge_to_call(a1, a2, b1);
    b.edge_to_call(a1, a3, b1);
    b.edge_from_return(a2, b3, a5);
    b.edge_from_return(a3, b3, a4);
    b.edge_nodes(a4, a4);
    b.edge_to_call(b1, b2, a1);
    b.edge_from_return(b2, a5, b3);
    b.edge_nodes(b1, b3);
    wrap(&mut b, a, a1, &[a5]);
    let m = b.build().unwrap();
    // (A, f): a1 t, a4 t, a5 f
    assert_eq!(
        values(&m, "EG p", &["wcall"]),
        vec![
            ("a1".into(), true),
            ("a4".into(), true),
            ("a5".into(), false)
        ]
    );
    // (B, f) through a2 (its return a5 has EG p false): b1 t, b3 f
    assert_eq!(
        values(&m, "EG p", &["wcall", "a2"]),
        vec![("b1".into(), true), ("b3".into(), false)]
    );
    // (B, t) through a3 (return a4 loops on p): b1 t, b3 t
    assert_eq!(
        values(&m, "EG p", &["wcall", "a3"]),
        vec![("b1".into(), true), ("b3".into(), true)]
    );
    assert!(!all_strategies(&m, "EG p")); // w0 has no p
    assert!(all_strategies(&m, "EX EG p"));
}

#[test]
fn thesis_fig_3_6_infinite_recursion() {
    // A: a1(p) -> a2 (call A) -> a3 (q, exit)
    let mut b = ModelBuilder::new();
    let a = b.add_component("A");
    let a1 = b.add_node(a, "a1", &["p"]);
    let a3 = b.add_node(a, "a3", &["q"]);
    b.set_entry(a1);
    b.set_exit(a3);
    let a2 = b.add_box(a, "a2", a);
    b.edge_to_call(a1, a2, a1);
    b.edge_from_return(a2, a3, a3);
    let m = b.build().unwrap();
    assert!(all_strategies(&m, "EG p")); // the endless recursion is a p-path
    assert!(!all_strategies(&m, "E[p U q]")); // q is never reached
    assert!(!all_strategies(&m, "AF q"));
    assert!(all_strategies(&m, "AG !q"));
}

fn ra_rb(labels_on_entries: bool) -> Model {
    // Ra: A: a1(q) -> a2 (call B) -> a3 (exit), a1 -> a3; B: b1(p) -> b2 (call A) -> b3 (exit), b1 -> b3
    // Rb: the same with the labels on the exits (q on a3, p on b3).
    let mut b = ModelBuilder::new();
    let a = b.add_component("A");
    let bb = b.add_component("B");
    let (qa1, qa3, pb1, pb3): (&[&str], &[&str], &[&str], &[&str]) = if labels_on_entries {
        (&["q"], &[], &["p"], &[])
    } else {
        (&[], &["q"], &[], &["p"])
    };
    let a1 = b.add_node(a, "a1", qa1);
    let a3 = b.add_node(a, "a3", qa3);
    let b1 = b.add_node(bb, "b1", pb1);
    let b3 = b.add_node(bb, "b3", pb3);
    b.set_entry(a1);
    b.set_exit(a3);
    b.set_entry(b1);
    b.set_exit(b3);
    let a2 = b.add_box(a, "a2", bb);
    let b2 = b.add_box(bb, "b2", a);
    b.edge_to_call(a1, a2, b1);
    b.edge_from_return(a2, b3, a3);
    b.edge_nodes(a1, a3);
    b.edge_to_call(b1, b2, a1);
    b.edge_from_return(b2, a3, b3);
    b.edge_nodes(b1, b3);
    wrap(&mut b, a, a1, &[a3]);
    b.build().unwrap()
}

#[test]
fn thesis_nested_ef_tables() {
    let f1 = "EF p";
    let f2 = "EF (q & EF p)";
    let f3 = "EF (p & EF (q & EF p))";
    let deep = "EF (p & EF (q & EF (p & EF (q & EF p))))";
    // Table 3.1, Ra, context f: a1 t, a3 f; B under (f): b1 t, b3 f
    let ra = ra_rb(true);
    assert_eq!(
        values(&ra, f1, &["wcall"]),
        vec![("a1".into(), true), ("a3".into(), false)]
    );
    assert_eq!(
        values(&ra, f1, &["wcall", "a2"]),
        vec![("b1".into(), true), ("b3".into(), false)]
    );
    // Table 3.2: identical values for the nested formula
    assert_eq!(
        values(&ra, f2, &["wcall"]),
        vec![("a1".into(), true), ("a3".into(), false)]
    );
    // Table 3.3, Rb (here A = C, B = D), context f: c1 t, c3 f; D under f: d1 t, d3 t
    let rb = ra_rb(false);
    assert_eq!(
        values(&rb, f1, &["wcall"]),
        vec![("a1".into(), true), ("a3".into(), false)]
    );
    assert_eq!(
        values(&rb, f1, &["wcall", "a2"]),
        vec![("b1".into(), true), ("b3".into(), true)]
    );
    // Table 3.4, context ff: c1 t, c3 f, d1 t, d3 f
    assert_eq!(
        values(&rb, f2, &["wcall"]),
        vec![("a1".into(), true), ("a3".into(), false)]
    );
    assert!(value(&rb, f2, &["wcall", "a2"], "b1"));
    assert!(!value(&rb, f2, &["wcall", "a2"], "b3"));
    // Table 3.5, context fff: c1 t, c3 f, d1 t, d3 f
    assert_eq!(
        values(&rb, f3, &["wcall"]),
        vec![("a1".into(), true), ("a3".into(), false)]
    );
    assert!(value(&rb, f3, &["wcall", "a2"], "b1"));
    assert!(!value(&rb, f3, &["wcall", "a2"], "b3"));
    for m in [&ra, &rb] {
        for f in [f1, f2, f3, deep] {
            assert!(all_strategies(m, f), "{f}");
        }
    }
}

#[test]
fn lazy_paper_example() {
    // [C] Fig. 2 (bench/rsm/example.rsm), built through the builder API.
    let mut b = ModelBuilder::new();
    let a1 = b.add_component("a1");
    let a2 = b.add_component("a2");
    let n1 = b.add_node(a1, "n1", &["red"]);
    let n2 = b.add_node(a1, "n2", &["blue"]);
    let n3 = b.add_node(a1, "n3", &["red"]);
    let n4 = b.add_node(a1, "n4", &["black"]);
    let n5 = b.add_node(a1, "n5", &["blue"]);
    let n6 = b.add_node(a2, "n6", &["blue"]);
    let n7 = b.add_node(a2, "n7", &["blue"]);
    b.set_entry(n1);
    b.set_exit(n4);
    b.set_exit(n5);
    b.set_entry(n6);
    b.set_exit(n7);
    let bx = b.add_box(a1, "b", a2);
    b.edge_to_call(n1, bx, n6);
    b.edge_nodes(n1, n3);
    b.edge_to_call(n2, bx, n6);
    b.edge_nodes(n3, n5);
    b.edge_from_return(bx, n7, n2);
    b.edge_from_return(bx, n7, n4);
    b.edge_nodes(n6, n7);
    let m = b.build().unwrap();
    // The blue cycle n6 n7 (b,n7) n2 (b,n6) through an exit witnesses EG blue.
    assert!(all_strategies(&m, "EX EG blue"));
    // From (b,n6): n6 n7 return to n4 (black).
    assert!(all_strategies(&m, "EX E[blue U black]"));
    assert!(!all_strategies(&m, "AX E[blue U red]"));
    assert!(all_strategies(&m, "EX red | EX E[blue U black]"));
    for f in [
        "EX EG blue",
        "EX E[blue U black]",
        "AX E[blue U red]",
        "EX red | EX E[blue U black]",
    ] {
        let want = goanna_mc::reference::check(&m, &parse(f).unwrap()).unwrap();
        assert_eq!(vec![all_strategies(&m, f)], want, "{f}");
    }
}

#[test]
fn builder_rejects_bad_models() {
    let mut b = ModelBuilder::new();
    let c = b.add_component("c");
    let x = b.add_node(c, "x", &[]);
    let y = b.add_node(c, "y", &[]);
    b.set_entry(x);
    b.set_exit(y);
    b.edge_nodes(y, x);
    let e = b.build().unwrap_err().to_string();
    assert!(e.contains("exit node `y`"), "{e}");
    let mut b = ModelBuilder::new();
    let c = b.add_component("c");
    let x = b.add_node(c, "x", &[]);
    let _ = x;
    assert!(b.build().unwrap_err().to_string().contains("no entry"));
}
